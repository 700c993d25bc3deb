/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-progress"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-lesson.h"
#include "xq-progress.h"
#include "xq-rating.h"
#include "xq-review.h"
#include "xq-safe-file.h"

G_DEFINE_QUARK (xq-progress-error-quark, xq_progress_error)

struct _XqProgressStore {
  char                 *dir;
  XqProgressNoticeFunc  notice_func;
  gpointer              notice_data;
};

/* The streak file: a key file with one group. */
#define STREAK_GROUP "puzzles"
#define STREAK_KEY "streak"
#define BEST_KEY "best-streak"
/* More puzzles in a row than any collection holds: a damaged number. */
#define STREAK_MAX 1000000
#define CURRENT_FILE "current-learner"

/* ---- The default learner's name -------------------------------------------- */

/* How the default learner's profile keeps its name: the untranslated
 * name, whatever language it was saved under, so that it is shown in the
 * reader's language (docs/lesson-format.md, "The default learner"). */
#define DEFAULT_NAME N_("Learner")

/* Every name the default learner's profile has been saved under: the
 * untranslated one and each catalogue's translation of it, kept even if a
 * catalogue changes its word, as files keep the old one.
 * tests/test-progress.c checks that every catalogue in po/ is here. */
static const char *const default_names[] = { DEFAULT_NAME, "学员", "學員" };

gboolean
xq_progress_name_is_default (const char *learner, const char *name)
{
  if (g_strcmp0 (learner, XQ_PROGRESS_DEFAULT_LEARNER) != 0 || name == NULL)
    return FALSE;
  /* Named after its id: profiles saved before it had a name of its own. */
  if (strcmp (name, learner) == 0 || strcmp (name, _(DEFAULT_NAME)) == 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (default_names); i++)
    if (strcmp (name, default_names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The name a profile has when none is known. */
static const char *
unnamed (const char *learner)
{
  return strcmp (learner, XQ_PROGRESS_DEFAULT_LEARNER) == 0 ? _(DEFAULT_NAME) : learner;
}

/* ---- Progress -------------------------------------------------------------- */

XqProgress *
xq_progress_new (const char *learner, const char *name)
{
  XqProgress *p;

  g_return_val_if_fail (learner != NULL, NULL);
  p = g_new0 (XqProgress, 1);
  p->learner = g_strdup (learner);
  /* The default learner's name is shown in the reader's language. */
  p->name = g_strdup (name == NULL || xq_progress_name_is_default (learner, name) ? unnamed (learner) : name);
  p->stars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p->results = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return p;
}

void
xq_progress_free (XqProgress *progress)
{
  if (progress == NULL)
    return;
  g_free (progress->learner);
  g_free (progress->name);
  g_clear_pointer (&progress->stars, g_hash_table_unref);
  g_clear_pointer (&progress->results, g_hash_table_unref);
  g_free (progress);
}

int
xq_progress_get_stars (const XqProgress *progress, const char *unit, const char *exercise)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, 0);
  key = g_strdup_printf ("%s/%s", unit, exercise);
  return GPOINTER_TO_INT (g_hash_table_lookup (progress->stars, key));
}

char *
xq_progress_stars_text (int stars, int max)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < max; i++)
    g_string_append (s, i < stars ? "★" : "☆");
  return g_string_free (s, FALSE);
}

gboolean
xq_progress_date_valid (const char *date)
{
  int y, m, d;

  if (date == NULL || strlen (date) != 10 || date[4] != '-' || date[7] != '-')
    return FALSE;
  for (int i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (date[i]))
      return FALSE;
  y = atoi (date);
  m = atoi (date + 5);
  d = atoi (date + 8);
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y);
}

static XqProgressResult *
result_new (int hints, const char *date)
{
  XqProgressResult *r = g_new0 (XqProgressResult, 1);

  r->hints = hints;
  if (date != NULL)
    g_strlcpy (r->date, date, sizeof r->date);
  return r;
}

static XqProgressResult *
result_copy (const XqProgressResult *r)
{
  return r ? result_new (r->hints, r->date) : NULL;
}

/* Only what says something is kept. */
static void
set_result (XqProgress *progress, const char *key, XqProgressResult *r)
{
  if (r == NULL || (r->hints < 0 && r->date[0] == '\0'))
    {
      g_free (r);
      g_hash_table_remove (progress->results, key);
      return;
    }
  g_hash_table_replace (progress->results, g_strdup (key), r);
}

gboolean
xq_progress_record_result (XqProgress *progress, const char *unit, const char *exercise,
                           int stars, int hints, const char *date)
{
  g_autofree char *key = NULL;
  g_autofree char *today = NULL;
  const XqProgressResult *old;
  int had;

  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, FALSE);
  g_return_val_if_fail (stars >= 1 && stars <= 3, FALSE);
  g_return_val_if_fail (hints >= -1, FALSE);
  g_return_val_if_fail (date == NULL || xq_progress_date_valid (date), FALSE);

  had = xq_progress_get_stars (progress, unit, exercise);
  old = xq_progress_get_result (progress, unit, exercise);
  if (had > stars)
    return FALSE;
  if (had == stars && (hints < 0 || (old != NULL && old->hints >= 0 && old->hints <= hints)))
    return FALSE;
  if (date == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      date = today = g_date_time_format (now, "%Y-%m-%d");
    }
  key = g_strdup_printf ("%s/%s", unit, exercise);
  g_hash_table_replace (progress->stars, g_strdup (key), GINT_TO_POINTER (stars));
  set_result (progress, key, result_new (hints, date));
  return TRUE;
}

gboolean
xq_progress_record (XqProgress *progress, const char *unit, const char *exercise, int stars)
{
  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, FALSE);
  g_return_val_if_fail (stars >= 1 && stars <= 3, FALSE);

  if (xq_progress_get_stars (progress, unit, exercise) >= stars)
    return FALSE;
  return xq_progress_record_result (progress, unit, exercise, stars, -1, NULL);
}

const XqProgressResult *
xq_progress_get_result (const XqProgress *progress, const char *unit, const char *exercise)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (progress != NULL && unit != NULL && exercise != NULL, NULL);
  key = g_strdup_printf ("%s/%s", unit, exercise);
  return g_hash_table_lookup (progress->results, key);
}

int
xq_progress_unit_stars (const XqProgress *progress, const char *unit, int *n_done)
{
  g_autofree char *prefix = NULL;
  GHashTableIter iter;
  gpointer key, value;
  int sum = 0, done = 0;

  g_return_val_if_fail (progress != NULL && unit != NULL, 0);
  prefix = g_strconcat (unit, "/", NULL);
  g_hash_table_iter_init (&iter, progress->stars);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_str_has_prefix (key, prefix))
      {
        sum += GPOINTER_TO_INT (value);
        done++;
      }
  if (n_done)
    *n_done = done;
  return sum;
}

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

static void
emit_notice (XqProgressStore *store, XqProgressNotice *notice)
{
  g_message ("%s: damaged (%s); %s", notice->path, notice->problem ? notice->problem : "unreadable",
             notice->set_aside ? notice->set_aside : "left in place");
  if (store->notice_func != NULL)
    store->notice_func (notice, store->notice_data);
  xq_progress_notice_free (notice);
}

/* ---- Reading: what can be used of a file ------------------------------------- */

typedef enum {
  FILE_MISSING,
  FILE_PERFECT,   /* read, every entry valid */
  FILE_DAMAGED,   /* read, some entries or the whole file not usable */
} FileState;

typedef struct {
  FileState   state;
  char       *data;     /* the bytes, when read */
  gsize       length;
  guint       n_problems;
  char       *problem;  /* the first */
  gboolean    unreadable;
  /* stars */
  XqProgress *p;        /* what could be used (never NULL after a read) */
  gboolean    name_ok;
  gboolean    old_name; /* the default name, not kept the stable way */
  guint       dropped;
  /* streak */
  int         streak;   /* -1: not readable */
  int         best;
} Salvage;

static void
salvage_clear (Salvage *s)
{
  g_clear_pointer (&s->data, g_free);
  g_clear_pointer (&s->problem, g_free);
  g_clear_pointer (&s->p, xq_progress_free);
}

G_GNUC_PRINTF (3, 4) static void
problem (Salvage *s, const char *file, const char *format, ...)
{
  va_list args;

  s->n_problems++;
  if (s->problem != NULL)
    return;
  va_start (args, format);
  {
    g_autofree char *raw = g_strdup_vprintf (format, args);
    /* json-glib's parse errors quote the bad text, which need not be UTF-8
     * (see xq_lesson_parse_bounded); the problem is shown to people. */
    g_autofree char *what = g_utf8_make_valid (raw, -1);

    s->problem = g_strdup_printf ("%s: %s", file, what);
  }
  va_end (args);
}

/* Reads path within the size limit.  FALSE only for an error that is not
 * the file's fault (it exists but cannot be opened). */
static gboolean
read_bytes (const char *path, Salvage *s, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *file = g_path_get_basename (path);

  if (xq_safe_file_read (path, XQ_SAFE_FILE_MAX_SIZE, &s->data, &s->length, &local))
    {
      s->state = FILE_PERFECT;
      return TRUE;
    }
  if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      s->state = FILE_MISSING;
      return TRUE;
    }
  if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_FAILED))
    {
      /* Too big, or not a file: damage, not a reason to give up. */
      s->state = FILE_DAMAGED;
      s->unreadable = TRUE;
      s->n_problems++;
      s->problem = g_strdup (local->message);
      return TRUE;
    }
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
  return FALSE;
}

/* Deeper than any progress file (which nests two levels): json-glib's
 * parser recurses, so deeper input is refused before it gets there. */
#define MAX_DEPTH 16

/* One pass over JSON text, aware of strings: how deep it nests and, for a
 * file cut short (a full disk, a copy that stopped), the text ended after
 * its last complete member with what is open closed, so the members
 * before the cut can still be read (NULL if the text is not cut short). */
static char *
scan_json (const char *data, gsize len, int *deepest)
{
  g_autoptr(GString) stack = g_string_new (NULL);
  g_autofree char *cut_stack = NULL;
  gsize cut = 0, pos = 0, at, stop;
  gboolean closed = FALSE;
  GString *out;
  char c;

  *deepest = 0;
  while ((c = xq_lesson_json_step (data, len, &pos, &at, &stop)) != '\0')
    switch (c)
      {
      case '{':
      case '[':
        g_string_append_c (stack, c);
        *deepest = MAX (*deepest, (int) stack->len);
        if (stack->len > MAX_DEPTH)
          return NULL;
        cut = at + 1;
        g_free (cut_stack);
        cut_stack = g_strdup (stack->str);
        break;
      case '}':
      case ']':
        if (stack->len > 0)
          g_string_truncate (stack, stack->len - 1);
        closed |= stack->len == 0;
        break;
      case ',':
        if (stack->len > 0)
          {
            cut = at;
            g_free (cut_stack);
            cut_stack = g_strdup (stack->str);
          }
        break;
      default:
        break;
      }
  /* A root that was closed is damaged some other way. */
  if (closed || cut_stack == NULL || stack->len == 0)
    return NULL;
  out = g_string_new_len (data, cut);
  for (gsize j = strlen (cut_stack); j-- > 0;)
    g_string_append_c (out, cut_stack[j] == '{' ? '}' : ']');
  return g_string_free (out, FALSE);
}

/* The JSON root of a progress file, from the whole text or, if it was cut
 * short, from what came before the cut. */
static JsonNode *
parse_json (Salvage *s, const char *file)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local = NULL;
  g_autofree char *closed = NULL;
  const char *bad = NULL;
  int depth;

  if (!g_utf8_validate (s->data, (gssize) s->length, &bad))
    {
      problem (s, file, "byte %" G_GSIZE_FORMAT ": not UTF-8 text", (gsize) (bad - s->data));
      return NULL;
    }
  closed = scan_json (s->data, s->length, &depth);
  if (depth > MAX_DEPTH)
    {
      problem (s, file, "nested deeper than %d", MAX_DEPTH);
      return NULL;
    }
  if (json_parser_load_from_data (parser, s->data, (gssize) s->length, &local))
    {
      if (json_parser_get_root (parser) != NULL)
        return json_node_copy (json_parser_get_root (parser));
      problem (s, file, "empty");
      return NULL;
    }
  /* json-glib calls the text "<data>"; the file has a name. */
  problem (s, file, "%s", g_str_has_prefix (local->message, "<data>:") ? local->message + 7 : local->message);
  if (closed != NULL)
    {
      g_autoptr(JsonParser) again = json_parser_new_immutable ();

      if (json_parser_load_from_data (again, closed, -1, NULL) && json_parser_get_root (again) != NULL)
        return json_node_copy (json_parser_get_root (again));
    }
  return NULL;
}

static gboolean
name_usable (const char *name)
{
  for (const char *c = name; *c; c++)
    if (!g_ascii_isspace (*c))
      return TRUE;
  return FALSE;
}

/* "results": { "unit/exercise": { "hints": N, "date": "YYYY-MM-DD" } }, for
 * exercises that have stars.  A bad entry loses only itself. */
static void
salvage_results (Salvage *s, const char *file, JsonObject *results)
{
  g_autoptr(GList) members = json_object_get_members (results);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      JsonNode *v = json_object_get_member (results, key);
      JsonObject *o;
      JsonNode *hints, *date;
      int h = -1;

      if (!g_hash_table_contains (s->p->stars, key) || !JSON_NODE_HOLDS_OBJECT (v))
        {
          problem (s, file, "$.results[\"%s\"]: not the result of an exercise with stars", key);
          continue;
        }
      o = json_node_get_object (v);
      hints = json_object_get_member (o, "hints");
      date = json_object_get_member (o, "date");
      if (hints != NULL && (json_node_get_value_type (hints) != G_TYPE_INT64 ||
                            json_node_get_int (hints) < 0 || json_node_get_int (hints) > 1000))
        {
          problem (s, file, "$.results[\"%s\"].hints: not a count from 0 to 1000", key);
          continue;
        }
      if (date != NULL && (json_node_get_value_type (date) != G_TYPE_STRING ||
                           !xq_progress_date_valid (json_node_get_string (date))))
        {
          problem (s, file, "$.results[\"%s\"].date: not a date “YYYY-MM-DD”", key);
          continue;
        }
      if (hints != NULL)
        h = (int) json_node_get_int (hints);
      set_result (s->p, key, result_new (h, date ? json_node_get_string (date) : NULL));
    }
}

/* Fills s->p with every valid field of a progress file already read. */
static void
salvage_progress (Salvage *s, const char *path, const char *learner)
{
  g_autofree char *file = g_path_get_basename (path);
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj;
  JsonNode *node;

  s->p = xq_progress_new (learner, NULL);
  if (s->state != FILE_PERFECT)
    return;
  root = parse_json (s, file);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      if (root != NULL)
        problem (s, file, "$: not an object");
      s->unreadable = TRUE;
      s->state = FILE_DAMAGED;
      return;
    }
  obj = json_node_get_object (root);
  node = json_object_get_member (obj, "format");
  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64 || json_node_get_int (node) != 1)
    problem (s, file, "$.format: not 1");
  node = json_object_get_member (obj, "learner");
  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING ||
      strcmp (json_node_get_string (node), learner) != 0)
    problem (s, file, "$.learner: not “%s”", learner);
  node = json_object_get_member (obj, "name");
  if (node != NULL && json_node_get_value_type (node) == G_TYPE_STRING && name_usable (json_node_get_string (node)))
    {
      const char *name = json_node_get_string (node);

      g_free (s->p->name);
      s->p->name = g_strdup (xq_progress_name_is_default (learner, name) ? unnamed (learner) : name);
      s->name_ok = TRUE;
      /* Saved translated or after the id: written again the stable way. */
      s->old_name = xq_progress_name_is_default (learner, name) && strcmp (name, DEFAULT_NAME) != 0;
    }
  else
    problem (s, file, "$.name: not a name");
  node = json_object_get_member (obj, "stars");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    problem (s, file, "$.stars: not an object");
  else
    {
      JsonObject *stars = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (stars);

      for (GList *l = members; l != NULL; l = l->next)
        {
          const char *key = l->data;
          JsonNode *v = json_object_get_member (stars, key);
          const char *slash = strchr (key, '/');
          gint64 n;

          if (slash == NULL || slash == key || slash[1] == '\0')
            {
              problem (s, file, "$.stars[\"%s\"]: not “unit/exercise”", key);
              s->dropped++;
              continue;
            }
          if (json_node_get_value_type (v) != G_TYPE_INT64 ||
              (n = json_node_get_int (v)) < 1 || n > 3)
            {
              problem (s, file, "$.stars[\"%s\"]: not a number of stars from 1 to 3", key);
              s->dropped++;
              continue;
            }
          g_hash_table_replace (s->p->stars, g_strdup (key), GINT_TO_POINTER ((int) n));
        }
    }
  /* Optional: files from before hints and dates were kept have none. */
  node = json_object_get_member (obj, "results");
  if (node != NULL && !JSON_NODE_HOLDS_OBJECT (node))
    problem (s, file, "$.results: not an object");
  else if (node != NULL)
    salvage_results (s, file, json_node_get_object (node));
  if (s->n_problems > 0)
    s->state = FILE_DAMAGED;
}

static gboolean
read_progress (const char *path, const char *learner, Salvage *s, GError **error)
{
  if (!read_bytes (path, s, error))
    return FALSE;
  if (s->state == FILE_PERFECT)
    salvage_progress (s, path, learner);
  else if (s->state == FILE_DAMAGED)
    s->p = xq_progress_new (learner, NULL);
  return TRUE;
}

/* "key=value" lines of the streak file, one by one: a damaged line loses
 * only its own value. */
static void
salvage_streak (Salvage *s, const char *path)
{
  g_autofree char *file = g_path_get_basename (path);
  g_auto(GStrv) lines = NULL;
  gboolean in_group = FALSE;

  s->streak = s->best = -1;
  if (s->state != FILE_PERFECT)
    return;
  if (!g_utf8_validate (s->data, (gssize) s->length, NULL) || memchr (s->data, '\0', s->length) != NULL)
    {
      problem (s, file, "not text");
      s->unreadable = TRUE;
      s->state = FILE_DAMAGED;
      return;
    }
  lines = g_strsplit (s->data, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *eq;
      int *slot;
      gint64 v;
      char *end = NULL;

      if (*line == '\0' || *line == '#')
        continue;
      if (strcmp (line, "[" STREAK_GROUP "]") == 0)
        {
          in_group = TRUE;
          continue;
        }
      eq = strchr (line, '=');
      if (!in_group || eq == NULL)
        {
          problem (s, file, "line %u: not “%s=” or “%s=”", i + 1, STREAK_KEY, BEST_KEY);
          continue;
        }
      *eq = '\0';
      g_strstrip (line);
      slot = strcmp (line, STREAK_KEY) == 0 ? &s->streak : strcmp (line, BEST_KEY) == 0 ? &s->best : NULL;
      if (slot == NULL)
        {
          problem (s, file, "line %u: unknown key “%s”", i + 1, line);
          continue;
        }
      v = g_ascii_strtoll (g_strstrip (eq + 1), &end, 10);
      if (end == eq + 1 || *end != '\0' || v < 0 || v > STREAK_MAX)
        {
          problem (s, file, "line %u: %s is not a count from 0 to %d", i + 1, line, STREAK_MAX);
          continue;
        }
      *slot = (int) v;
    }
  if (s->streak < 0)
    problem (s, file, "no %s", STREAK_KEY);
  if (s->best < 0)
    problem (s, file, "no %s", BEST_KEY);
  if (s->streak >= 0 && s->best >= 0 && s->best < s->streak)
    problem (s, file, "%s below %s", BEST_KEY, STREAK_KEY);
  if (s->n_problems > 0)
    s->state = FILE_DAMAGED;
}

static gboolean
read_streak (const char *path, Salvage *s, GError **error)
{
  if (!read_bytes (path, s, error))
    return FALSE;
  if (s->state == FILE_PERFECT)
    salvage_streak (s, path);
  else
    s->streak = s->best = -1;
  return TRUE;
}

/* ---- Writing ------------------------------------------------------------------ */

static char *
serialize (const XqProgress *progress)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GList) keys = g_hash_table_get_keys (progress->stars);

  /* Sorted keys keep the file stable, so saving twice writes the same bytes. */
  keys = g_list_sort (keys, (GCompareFunc) strcmp);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "learner");
  json_builder_add_string_value (b, progress->learner);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, xq_progress_name_is_default (progress->learner, progress->name)
                                      ? DEFAULT_NAME : progress->name);
  json_builder_set_member_name (b, "stars");
  json_builder_begin_object (b);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      json_builder_set_member_name (b, l->data);
      json_builder_add_int_value (b, GPOINTER_TO_INT (g_hash_table_lookup (progress->stars, l->data)));
    }
  json_builder_end_object (b);
  if (g_hash_table_size (progress->results) > 0)
    {
      json_builder_set_member_name (b, "results");
      json_builder_begin_object (b);
      for (GList *l = keys; l != NULL; l = l->next)
        {
          const XqProgressResult *r = g_hash_table_lookup (progress->results, l->data);

          if (r == NULL)
            continue;
          json_builder_set_member_name (b, l->data);
          json_builder_begin_object (b);
          if (r->hints >= 0)
            {
              json_builder_set_member_name (b, "hints");
              json_builder_add_int_value (b, r->hints);
            }
          if (r->date[0] != '\0')
            {
              json_builder_set_member_name (b, "date");
              json_builder_add_string_value (b, r->date);
            }
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, NULL);
}

static char *
serialize_streak (int streak, int best)
{
  return g_strdup_printf ("[" STREAK_GROUP "]\n" STREAK_KEY "=%d\n" BEST_KEY "=%d\n", streak, best);
}

static gboolean
write_file (const char *path, const char *data, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (xq_safe_file_write (path, data, -1, &local))
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
  return FALSE;
}

/* Adds the stars of from that beat those of into, each with its result;
 * for equal stars a known result fills in one not known. */
static gboolean
merge_stars (XqProgress *into, const XqProgress *from)
{
  GHashTableIter iter;
  gpointer key, value;
  gboolean added = FALSE;

  g_hash_table_iter_init (&iter, from->stars);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      int have = GPOINTER_TO_INT (g_hash_table_lookup (into->stars, key));
      const XqProgressResult *r = g_hash_table_lookup (from->results, key);

      if (have < GPOINTER_TO_INT (value))
        {
          g_hash_table_replace (into->stars, g_strdup (key), value);
          set_result (into, key, result_copy (r));
          added = TRUE;
        }
      else if (have == GPOINTER_TO_INT (value) && r != NULL && !g_hash_table_contains (into->results, key))
        set_result (into, key, result_copy (r));
    }
  return added;
}

/* What a damaged file and its backup give together: the file's valid
 * fields first, the backup for the rest (stars only ever grow, so the
 * better of the two is the later). */
static XqProgress *
combine_progress (const char *learner, const Salvage *main, const Salvage *backup, gboolean *from_backup)
{
  XqProgress *p = xq_progress_new (learner, NULL);

  *from_backup = FALSE;
  if (main->p != NULL)
    {
      merge_stars (p, main->p);
      if (main->name_ok)
        {
          g_free (p->name);
          p->name = g_strdup (main->p->name);
        }
    }
  if (backup->p != NULL && backup->state != FILE_MISSING)
    {
      *from_backup |= merge_stars (p, backup->p);
      if (!main->name_ok && backup->name_ok)
        {
          g_free (p->name);
          p->name = g_strdup (backup->p->name);
          *from_backup = TRUE;
        }
    }
  return p;
}

static XqProgressNotice *
notice_new (XqProgressFileKind kind, const char *learner, const char *path, Salvage *main)
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

/* Moves a damaged file out of the way; NULL (logged) if it cannot be. */
static char *
set_aside (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *moved = xq_safe_file_set_aside (path, &error);

  if (moved == NULL)
    g_warning ("Could not set the damaged %s aside: %s", path, error->message);
  return moved;
}

/* Replaces path with data, keeping the file it replaces as the backup if
 * that one was good.  A damaged file is never replaced: it was set aside
 * before this is called, and a damaged backup is set aside here. */
static gboolean
replace_with_backup (const char *path, const Salvage *old, const Salvage *old_backup,
                     const char *data, GError **error)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  gboolean backup_there = old_backup->state != FILE_MISSING;

  if (old_backup->state == FILE_DAMAGED)
    {
      g_autofree char *moved = set_aside (backup);
      if (moved == NULL)
        {
          g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO,
                       _("The damaged %s cannot be moved aside"), backup);
          return FALSE;
        }
      backup_there = FALSE;
    }
  if (old->state == FILE_PERFECT && !(backup_there && old_backup->length == old->length &&
                                      memcmp (old_backup->data, old->data, old->length) == 0))
    {
      if (!write_file (backup, old->data, error))
        return FALSE;
      backup_there = TRUE;
    }
  if (!(old->state == FILE_PERFECT && strcmp (old->data, data) == 0) && !write_file (path, data, error))
    return FALSE;
  /* The first save has a backup too: a file damaged before the second
   * save must not take everything with it. */
  return backup_there || write_file (backup, data, error);
}

/* Writes a repaired file and makes it the backup too: it holds all the
 * backup held.  A damaged backup is set aside first. */
static void
write_repaired (const char *path, const Salvage *old_backup, const char *data)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  g_autoptr(GError) error = NULL;

  if (old_backup->state == FILE_DAMAGED)
    {
      g_autofree char *moved = set_aside (backup);
      if (moved == NULL)
        return;
    }
  if (!write_file (path, data, &error) || !write_file (backup, data, &error))
    g_warning ("Could not write the repaired %s: %s", path, error->message);
}

/* Rewrites a whole profile that keeps the default learner's name
 * translated (or as its id), the old file becoming the backup as in any
 * save.  If it cannot be written the profile stays as it was: it still
 * reads the same. */
static void
migrate_name (const char *path, const Salvage *old, const XqProgress *progress)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  g_autofree char *data = serialize (progress);
  g_autoptr(GError) error = NULL;
  Salvage back = { 0 };

  if (!read_progress (backup, progress->learner, &back, &error) ||
      !replace_with_backup (path, old, &back, data, &error))
    g_message ("Could not rewrite the default learner's name in %s: %s", path, error->message);
  salvage_clear (&back);
}

/* ---- Store ----------------------------------------------------------------- */

XqProgressStore *
xq_progress_store_new (const char *dir)
{
  XqProgressStore *store = g_new0 (XqProgressStore, 1);

  store->dir = dir ? g_strdup (dir)
                   : g_build_filename (g_get_user_data_dir (), "xiangqi-tutor", "learners", NULL);
  return store;
}

void
xq_progress_store_free (XqProgressStore *store)
{
  if (store == NULL)
    return;
  g_free (store->dir);
  g_free (store);
}

const char *
xq_progress_store_get_dir (XqProgressStore *store)
{
  g_return_val_if_fail (store != NULL, NULL);
  return store->dir;
}

void
xq_progress_store_set_notice_func (XqProgressStore *store, XqProgressNoticeFunc func, gpointer user_data)
{
  g_return_if_fail (store != NULL);
  store->notice_func = func;
  store->notice_data = user_data;
}

gboolean
xq_progress_learner_id_valid (const char *learner)
{
  size_t len;

  if (learner == NULL)
    return FALSE;
  len = strlen (learner);
  if (len == 0 || len > 64)
    return FALSE;
  for (const char *c = learner; *c; c++)
    if (!(g_ascii_islower (*c) || g_ascii_isdigit (*c) || *c == '-' || *c == '_'))
      return FALSE;
  return TRUE;
}

static gboolean
check_learner (const char *learner, GError **error)
{
  if (xq_progress_learner_id_valid (learner))
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER,
               _("“%s” is not a valid learner id"), learner ? learner : "");
  return FALSE;
}

static char *
learner_path (XqProgressStore *store, const char *learner, const char *suffix)
{
  g_autofree char *name = g_strconcat (learner, suffix, NULL);
  return g_build_filename (store->dir, name, NULL);
}

static char *
main_path (XqProgressStore *store, const char *learner)
{
  return learner_path (store, learner, ".json");
}

static char *
streak_path (XqProgressStore *store, const char *learner)
{
  return learner_path (store, learner, ".puzzles");
}

static gboolean
ensure_dir (XqProgressStore *store, GError **error)
{
  if (g_mkdir_with_parents (store->dir, 0700) == 0)
    return TRUE;
  {
    int saved = errno;
    g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s: %s", store->dir, g_strerror (saved));
  }
  return FALSE;
}

/* Temporary files of saves that were killed, for a file and its backup. */
static void
clean_temps (const char *path)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);

  xq_safe_file_clean_temps (path);
  xq_safe_file_clean_temps (backup);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
xq_progress_store_list (XqProgressStore *store)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_return_val_if_fail (store != NULL, ids);
  d = g_dir_open (store->dir, 0, NULL);
  if (d == NULL)
    return ids;
  /* Temporary files, backups and damaged copies end differently. */
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      {
        g_autofree char *id = g_strndup (name, strlen (name) - 5);
        if (xq_progress_learner_id_valid (id))
          g_ptr_array_add (ids, g_steal_pointer (&id));
      }
  g_ptr_array_sort (ids, compare_names);
  return ids;
}

XqProgress *
xq_progress_store_load (XqProgressStore *store, const char *learner, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;
  g_autofree char *moved = NULL;
  Salvage main = { 0 }, back = { 0 };
  XqProgressNotice *notice;
  XqProgress *result = NULL;
  gboolean from_backup;

  g_return_val_if_fail (store != NULL, NULL);
  if (!check_learner (learner, error))
    return NULL;
  path = main_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  clean_temps (path);
  if (!read_progress (path, learner, &main, error))
    goto out;
  if (main.state == FILE_PERFECT)
    {
      result = g_steal_pointer (&main.p);
      if (main.old_name)
        migrate_name (path, &main, result);
      goto out;
    }
  if (!read_progress (backup, learner, &back, error))
    goto out;
  if (main.state == FILE_MISSING)
    {
      if (back.state == FILE_MISSING)
        {
          result = xq_progress_new (learner, NULL);
          goto out;
        }
      /* Only the backup: the profile itself was deleted by hand.  Bring it
       * back from the backup, without a notice if the backup is whole. */
      if (back.state == FILE_PERFECT)
        {
          result = g_steal_pointer (&back.p);
          g_message ("%s was missing; restored it from %s", path, backup);
          if (!write_file (path, back.data, error))
            g_clear_pointer (&result, xq_progress_free);
          goto out;
        }
    }

  result = combine_progress (learner, &main, &back, &from_backup);
  if (main.state == FILE_DAMAGED)
    {
      notice = notice_new (XQ_PROGRESS_FILE_STARS, learner, path, &main);
      moved = set_aside (path);
    }
  else
    {
      /* No file, a damaged backup: that is what the notice is about. */
      notice = notice_new (XQ_PROGRESS_FILE_STARS, learner, backup, &back);
      moved = set_aside (backup);
      back.state = FILE_MISSING;
    }
  notice->name = g_strdup (result->name);
  notice->name_kept = main.name_ok || back.name_ok;
  notice->kept = g_hash_table_size (result->stars);
  notice->dropped = main.state == FILE_DAMAGED ? main.dropped : back.dropped;
  notice->from_backup = from_backup;
  notice->set_aside = g_strdup (moved);
  /* The repaired profile replaces the damaged one at once, so the notice
   * is given once.  Left in place if it could not be moved. */
  if (moved != NULL)
    {
      data = serialize (result);
      write_repaired (path, &back, data);
    }
  emit_notice (store, notice);

out:
  salvage_clear (&main);
  salvage_clear (&back);
  return result;
}

gboolean
xq_progress_store_save (XqProgressStore *store, const XqProgress *progress, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;
  g_autoptr(XqProgress) merged = NULL;
  Salvage main = { 0 }, back = { 0 };
  gboolean ok = FALSE;

  g_return_val_if_fail (store != NULL && progress != NULL, FALSE);
  if (!check_learner (progress->learner, error) || !ensure_dir (store, error))
    return FALSE;
  path = main_path (store, progress->learner);
  backup = g_strconcat (path, ".bak", NULL);
  clean_temps (path);
  if (!read_progress (path, progress->learner, &main, error) ||
      !read_progress (backup, progress->learner, &back, error))
    goto out;

  /* Stars on disk that this copy has not seen (another page saved them)
   * are kept. */
  merged = xq_progress_new (progress->learner, progress->name);
  merge_stars (merged, progress);
  if (main.p != NULL)
    merge_stars (merged, main.p);
  if (main.state == FILE_DAMAGED)
    {
      XqProgressNotice *notice = notice_new (XQ_PROGRESS_FILE_STARS, progress->learner, path, &main);
      g_autofree char *moved = set_aside (path);

      notice->name = g_strdup (progress->name);
      notice->name_kept = TRUE;
      notice->kept = g_hash_table_size (merged->stars);
      notice->dropped = main.dropped;
      notice->set_aside = g_strdup (moved);
      emit_notice (store, notice);
      if (moved == NULL)
        {
          g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO,
                       _("The damaged %s cannot be moved aside"), path);
          goto out;
        }
    }
  data = serialize (merged);
  ok = replace_with_backup (path, &main, &back, data, error);

out:
  salvage_clear (&main);
  salvage_clear (&back);
  return ok;
}

gboolean
xq_progress_store_load_streak (XqProgressStore *store, const char *learner,
                               int *streak, int *best_streak, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *moved = NULL;
  Salvage main = { 0 }, back = { 0 };
  Salvage *bad;
  XqProgressNotice *notice;
  gboolean ok = FALSE;
  int s = 0, b = 0;

  g_return_val_if_fail (store != NULL && streak != NULL && best_streak != NULL, FALSE);
  *streak = *best_streak = 0;
  if (!check_learner (learner, error))
    return FALSE;
  path = streak_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  clean_temps (path);
  if (!read_streak (path, &main, error))
    goto out;
  if (main.state == FILE_PERFECT)
    {
      *streak = main.streak;
      *best_streak = main.best;
      ok = TRUE;
      goto out;
    }
  if (!read_streak (backup, &back, error))
    goto out;
  if (main.state == FILE_MISSING && back.state != FILE_DAMAGED)
    {
      /* Never saved, or the file deleted by hand: the backup if any. */
      if (back.state == FILE_PERFECT)
        {
          *streak = back.streak;
          *best_streak = back.best;
          if (!write_file (path, back.data, error))
            goto out;
        }
      ok = TRUE;
      goto out;
    }

  /* The file's own values where valid, the backup's for the rest. */
  bad = main.state == FILE_DAMAGED ? &main : &back;
  s = main.streak >= 0 ? main.streak : MAX (back.streak, 0);
  b = MAX (MAX (main.best, back.best), s);
  notice = notice_new (XQ_PROGRESS_FILE_STREAK, learner, bad == &main ? path : backup, bad);
  notice->from_backup = bad == &main && ((main.streak < 0 && back.streak >= 0) || back.best > main.best);
  notice->streak = s;
  notice->best_streak = b;
  {
    g_autoptr(XqProgress) p = xq_progress_store_load (store, learner, NULL);
    notice->name = p ? g_strdup (p->name) : NULL;
  }
  moved = set_aside (notice->path);
  notice->set_aside = g_strdup (moved);
  if (moved != NULL)
    {
      g_autofree char *data = serialize_streak (s, b);

      if (bad == &back)
        back.state = FILE_MISSING;
      write_repaired (path, &back, data);
    }
  emit_notice (store, notice);
  *streak = s;
  *best_streak = b;
  ok = TRUE;

out:
  salvage_clear (&main);
  salvage_clear (&back);
  return ok;
}

gboolean
xq_progress_store_save_streak (XqProgressStore *store, const char *learner,
                               int streak, int best_streak, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *data = NULL;
  Salvage main = { 0 }, back = { 0 };
  gboolean ok = FALSE;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (streak >= 0 && best_streak >= 0, FALSE);
  if (!check_learner (learner, error) || !ensure_dir (store, error))
    return FALSE;
  path = streak_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  clean_temps (path);
  if (!read_streak (path, &main, error) || !read_streak (backup, &back, error))
    goto out;
  if (main.state == FILE_DAMAGED)
    {
      XqProgressNotice *notice = notice_new (XQ_PROGRESS_FILE_STREAK, learner, path, &main);
      g_autofree char *moved = set_aside (path);

      best_streak = MAX (best_streak, main.best);
      notice->streak = streak;
      notice->best_streak = MAX (best_streak, streak);
      notice->set_aside = g_strdup (moved);
      emit_notice (store, notice);
      if (moved == NULL)
        {
          g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO,
                       _("The damaged %s cannot be moved aside"), path);
          goto out;
        }
    }
  /* The best run only grows, whoever saved it. */
  if (main.state == FILE_PERFECT)
    best_streak = MAX (best_streak, main.best);
  data = serialize_streak (streak, MAX (best_streak, streak));
  ok = replace_with_backup (path, &main, &back, data, error);

out:
  salvage_clear (&main);
  salvage_clear (&back);
  return ok;
}

/* Removes every file of one kind of one learner: the backup and the
 * damaged copies first, the file itself last, so an interrupted removal
 * leaves a learner that is still listed and can be removed again. */
static gboolean
remove_learner_file (const char *path, GError **error)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  g_autoptr(GError) local = NULL;

  if (xq_safe_file_remove_all (backup, &local) && xq_safe_file_remove_all (path, &local))
    return TRUE;
  g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
  return FALSE;
}

gboolean
xq_progress_store_reset (XqProgressStore *store, const char *learner, GError **error)
{
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(XqProgress) fresh = NULL;
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *streak = NULL;
  g_autofree char *review = NULL;
  g_autofree char *data = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  p = xq_progress_store_load (store, learner, error);
  if (p == NULL || !ensure_dir (store, error))
    return FALSE;
  fresh = xq_progress_new (learner, p->name);
  path = main_path (store, learner);
  backup = g_strconcat (path, ".bak", NULL);
  streak = streak_path (store, learner);
  data = serialize (fresh);
  /* Written directly: a save would keep the stars on disk.  The backup
   * first, so the old results cannot come back through it. */
  if (!write_file (backup, data, error) || !write_file (path, data, error))
    return FALSE;
  /* Damaged copies hold old results too. */
  xq_safe_file_remove_copies (path);
  xq_safe_file_remove_copies (backup);
  review = xq_review_path (store->dir, learner);
  return remove_learner_file (streak, error) && remove_learner_file (review, error);
}

gboolean
xq_progress_store_remove (XqProgressStore *store, const char *learner, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *streak = NULL;
  g_autofree char *ratings = NULL;
  g_autofree char *review = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  if (!check_learner (learner, error))
    return FALSE;
  path = main_path (store, learner);
  streak = streak_path (store, learner);
  ratings = xq_ratings_path (store->dir, learner);
  review = xq_review_path (store->dir, learner);
  /* The profile goes last: without it the learner is no longer listed. */
  return remove_learner_file (streak, error) && remove_learner_file (ratings, error) &&
         remove_learner_file (review, error) && remove_learner_file (path, error);
}

char *
xq_progress_store_get_current (XqProgressStore *store)
{
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;

  g_return_val_if_fail (store != NULL, NULL);
  path = g_build_filename (store->dir, CURRENT_FILE, NULL);
  xq_safe_file_clean_temps (path);
  if (!xq_safe_file_read (path, 256, &data, NULL, NULL) || !xq_progress_learner_id_valid (g_strstrip (data)))
    return NULL;
  return g_steal_pointer (&data);
}

gboolean
xq_progress_store_set_current (XqProgressStore *store, const char *learner, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (store != NULL, FALSE);
  if (!check_learner (learner, error) || !ensure_dir (store, error))
    return FALSE;
  path = g_build_filename (store->dir, CURRENT_FILE, NULL);
  return write_file (path, learner, error);
}

/* ---- Removal that can be undone -------------------------------------------- */

typedef struct {
  char  *file;   /* base name in the store's directory */
  char  *data;
  gsize  length;
} HeldFile;

struct _XqProgressRemoved {
  char   *dir;
  char   *learner;
  char   *name;
  GArray *files;   /* HeldFile */
};

static void
held_file_clear (gpointer data)
{
  HeldFile *h = data;

  g_free (h->file);
  g_free (h->data);
}

/* "<id>.json", "<id>.puzzles", "<id>.ratings.json" (xq-rating.h),
 * "<id>.review.json" (xq-review.h) and everything made from them
 * (backups, damaged copies, temporary files). */
static gboolean
belongs_to (const char *file, const char *learner)
{
  static const char *const kinds[] = { ".json", ".puzzles", ".ratings.json", ".review.json" };
  size_t n = strlen (learner);

  if (strncmp (file, learner, n) != 0)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_has_prefix (file + n, kinds[i]) &&
        (file[n + strlen (kinds[i])] == '\0' || file[n + strlen (kinds[i])] == '.'))
      return TRUE;
  return FALSE;
}

gboolean
xq_progress_store_has_files (XqProgressStore *store, const char *learner)
{
  g_autoptr(GDir) d = NULL;
  const char *file;

  g_return_val_if_fail (store != NULL, FALSE);
  if (!xq_progress_learner_id_valid (learner))
    return FALSE;
  d = g_dir_open (store->dir, 0, NULL);
  while (d != NULL && (file = g_dir_read_name (d)) != NULL)
    if (belongs_to (file, learner))
      return TRUE;
  return FALSE;
}

XqProgressRemoved *
xq_progress_store_remove_undoable (XqProgressStore *store, const char *learner, GError **error)
{
  g_autoptr(XqProgressRemoved) r = NULL;
  g_autoptr(XqProgress) p = NULL;
  g_autoptr(GDir) d = NULL;
  const char *file;

  g_return_val_if_fail (store != NULL, NULL);
  if (!check_learner (learner, error))
    return NULL;
  r = g_new0 (XqProgressRemoved, 1);
  r->dir = g_strdup (store->dir);
  r->learner = g_strdup (learner);
  r->files = g_array_new (FALSE, TRUE, sizeof (HeldFile));
  g_array_set_clear_func (r->files, held_file_clear);
  d = g_dir_open (store->dir, 0, NULL);
  while (d != NULL && (file = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) local = NULL;
      HeldFile h = { 0 };

      if (!belongs_to (file, learner))
        continue;
      path = g_build_filename (store->dir, file, NULL);
      if (!xq_safe_file_read (path, XQ_SAFE_FILE_MAX_SIZE, &h.data, &h.length, &local))
        {
          /* Nothing deleted yet: a file that cannot be kept stops the removal. */
          g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
          return NULL;
        }
      h.file = g_strdup (file);
      g_array_append_val (r->files, h);
    }
  /* After the files were kept: loading may repair a damaged one. */
  p = xq_progress_store_load (store, learner, NULL);
  r->name = g_strdup (p ? p->name : learner);
  if (!xq_progress_store_remove (store, learner, error))
    return NULL;
  return g_steal_pointer (&r);
}

const char *
xq_progress_removed_get_learner (const XqProgressRemoved *removed)
{
  g_return_val_if_fail (removed != NULL, NULL);
  return removed->learner;
}

const char *
xq_progress_removed_get_name (const XqProgressRemoved *removed)
{
  g_return_val_if_fail (removed != NULL, NULL);
  return removed->name;
}

gboolean
xq_progress_removed_restore (XqProgressRemoved *removed, GError **error)
{
  g_autofree char *profile = NULL;

  g_return_val_if_fail (removed != NULL, FALSE);
  profile = g_strconcat (removed->learner, ".json", NULL);
  {
    g_autofree char *path = g_build_filename (removed->dir, profile, NULL);
    if (g_file_test (path, G_FILE_TEST_EXISTS))
      {
        g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO,
                     _("%s cannot be brought back: a learner with the same id was added since"),
                     removed->name);
        return FALSE;
      }
  }
  if (g_mkdir_with_parents (removed->dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s: %s", removed->dir, g_strerror (saved));
      return FALSE;
    }
  /* The profile last: until it is back the learner is not listed. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < removed->files->len; i++)
      {
        HeldFile *h = &g_array_index (removed->files, HeldFile, i);
        g_autofree char *path = NULL;
        g_autoptr(GError) local = NULL;

        if ((strcmp (h->file, profile) == 0) != (pass == 1))
          continue;
        path = g_build_filename (removed->dir, h->file, NULL);
        if (!xq_safe_file_write (path, h->data, (gssize) h->length, &local))
          {
            g_set_error (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_IO, "%s", local->message);
            return FALSE;
          }
      }
  return TRUE;
}

void
xq_progress_removed_free (XqProgressRemoved *removed)
{
  if (removed == NULL)
    return;
  g_free (removed->dir);
  g_free (removed->learner);
  g_free (removed->name);
  g_clear_pointer (&removed->files, g_array_unref);
  g_free (removed);
}

/* ---- Forgetting the results of changed exercises ------------------------------ */

gboolean
xq_progress_store_forget_exercises (XqProgressStore *store, const char *unit, GHashTable *keep,
                                    guint *n_dropped, GError **error)
{
  g_autoptr(GPtrArray) learners = NULL;
  g_autofree char *prefix = NULL;
  guint dropped = 0;

  g_return_val_if_fail (store != NULL && unit != NULL, FALSE);
  prefix = g_strconcat (unit, "/", NULL);
  learners = xq_progress_store_list (store);
  for (guint i = 0; i < learners->len; i++)
    {
      const char *learner = g_ptr_array_index (learners, i);
      g_autofree char *path = main_path (store, learner);
      g_autofree char *backup = g_strconcat (path, ".bak", NULL);
      g_autofree char *data = NULL;
      g_autoptr(XqProgress) p = NULL;
      GHashTableIter iter;
      gpointer key;
      guint here = 0;

      p = xq_progress_store_load (store, learner, error);
      if (p == NULL)
        return FALSE;
      g_hash_table_iter_init (&iter, p->stars);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        if (g_str_has_prefix (key, prefix) &&
            (keep == NULL || !g_hash_table_contains (keep, (const char *) key + strlen (prefix))))
          {
            g_hash_table_remove (p->results, key);
            g_hash_table_iter_remove (&iter);
            here++;
          }
      if (here == 0)
        continue;
      /* Saving merges with the file (stars only grow), so the file and its
       * backup are written whole: the results are meant to go. */
      data = serialize (p);
      if (!write_file (path, data, error) || !write_file (backup, data, error))
        return FALSE;
      dropped += here;
    }
  if (n_dropped != NULL)
    *n_dropped = dropped;
  return TRUE;
}
