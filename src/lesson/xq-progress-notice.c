/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-progress-notice.c: telling people what the store repaired (XqProgressNotice). */
#define G_LOG_DOMAIN "xq-progress"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-progress-private.h"

/* ---- Notices --------------------------------------------------------------- */

void
xq_progress_notice_free (XqProgressNotice *notice)
{
  if (notice == NULL)
    return;
  g_free (notice->learner);
  g_free (notice->name);
  g_free (notice->path);
  g_free (notice->set_aside);
  g_free (notice->problem);
  g_free (notice);
}

/* Sentence after sentence, as the language writes them. */
static void
add_sentence (GString *text, const char *sentence)
{
  g_autofree char *joined = NULL;

  if (text->len == 0)
    {
      g_string_append (text, sentence);
      return;
    }
  /* Translators: two sentences one after the other (Chinese needs no space) */
  joined = g_strdup_printf (_("%s %s"), text->str, sentence);
  g_string_assign (text, joined);
}

G_GNUC_PRINTF (2, 3) static void
add_sentencef (GString *text, const char *format, ...)
{
  g_autofree char *sentence = NULL;
  va_list args;

  va_start (args, format);
  sentence = g_strdup_vprintf (format, args);
  va_end (args);
  add_sentence (text, sentence);
}

char *
xq_progress_notice_describe (const XqProgressNotice *notice)
{
  GString *text = g_string_new (NULL);
  const char *who;

  g_return_val_if_fail (notice != NULL, NULL);
  who = notice->name ? notice->name : notice->learner;
  if (notice->kind == XQ_PROGRESS_FILE_STARS)
    {
      /* Translators: %s is a learner's name */
      add_sentencef (text, _("%s’s saved stars were damaged."), who);
      if (notice->name_kept)
        add_sentencef (text, g_dngettext (GETTEXT_PACKAGE,
                                          "The name and %u result were kept.",
                                          "The name and %u results were kept.",
                                          notice->kept), notice->kept);
      else
        add_sentencef (text, g_dngettext (GETTEXT_PACKAGE,
                                          "%u result was kept; the name was lost.",
                                          "%u results were kept; the name was lost.",
                                          notice->kept), notice->kept);
      if (notice->dropped > 0)
        add_sentencef (text, g_dngettext (GETTEXT_PACKAGE,
                                          "%u result could not be read.",
                                          "%u results could not be read.",
                                          notice->dropped), notice->dropped);
    }
  else
    {
      /* Translators: %s is a learner's name */
      add_sentencef (text, _("%s’s puzzle streak was damaged."), who);
      /* Translators: the first %d is the streak, the second the best streak */
      add_sentencef (text, _("Kept: streak %d, best %d."), notice->streak, notice->best_streak);
    }
  if (notice->from_backup)
    add_sentence (text, _("The backup copy filled in what was missing."));
  if (notice->set_aside != NULL)
    {
      g_autofree char *base = g_path_get_basename (notice->set_aside);
      /* Translators: %s is a file name */
      add_sentencef (text, _("The damaged file was kept as “%s”."), base);
    }
  else
    add_sentence (text, _("The damaged file could not be moved aside; it is left as it was."));
  return g_string_free (text, FALSE);
}

void
xq_progress_emit_notice (XqProgressStore *store, XqProgressNotice *notice)
{
  /* Said once: to whoever listens for notices, else in the log. */
  if (store->notice_func != NULL)
    store->notice_func (notice, store->notice_data);
  else
    g_message ("%s: damaged (%s); %s", notice->path, notice->problem ? notice->problem : "unreadable",
               notice->set_aside ? notice->set_aside : "left in place");
  xq_progress_notice_free (notice);
}

XqProgressNotice *
xq_progress_notice_new (XqProgressFileKind kind, const char *learner, const char *path, XqSalvage *main)
{
  XqProgressNotice *n = g_new0 (XqProgressNotice, 1);

  n->kind = kind;
  n->learner = g_strdup (learner);
  n->path = g_strdup (path);
  n->problem = g_steal_pointer (&main->problem);
  n->n_problems = main->n_problems;
  n->unreadable = main->unreadable;
  return n;
}
