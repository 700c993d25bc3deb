/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-teach-work.c: the Teach page's slow jobs, run in its worker thread
 * from a copy of what they need (see xq-teach-work.h). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-answer-sheet.h"
#include "xq-answer-text.h"
#include "xq-kind.h"
#include "xq-pack.h"
#include "xq-teach-work.h"

void
xq_teach_work_free (XqTeachWork *job)
{
  g_free (job->units_dir);
  g_free (job->unit_path);
  g_free (job->title);
  g_free (job->path);
  g_clear_pointer (&job->sheet, xq_worksheet_free);
  g_clear_pointer (&job->report, xq_import_report_free);
  g_free (job->out_path);
  g_free (job->key_path);
  g_strfreev (job->units);
  g_free (job->author);
  g_free (job->learners_dir);
  g_clear_pointer (&job->import, xq_unit_import_free);
  g_free (job);
}

XqTeachWork *
xq_teach_work_new (XqTeachJob kind, const char *units_dir, const char *unit_path, const char *title,
                   const char *path)
{
  XqTeachWork *job = g_new0 (XqTeachWork, 1);

  job->kind = kind;
  job->units_dir = g_strdup (units_dir);
  job->unit_path = g_strdup (unit_path);
  job->title = g_strdup (title);
  job->path = g_strdup (path);
  job->layout = XQ_WORKSHEET_COLUMNS * XQ_WORKSHEET_ROWS;
  job->key = XQ_WORKSHEET_KEY_AFTER;
  job->notation = xq_answer_default_notation ();
  return job;
}

static XqWorksheet *
build_worksheet (const XqTeachWork *job, GError **error)
{
  g_autoptr(XqLessonFile) file = xq_lesson_load_file_simple (job->unit_path, error);
  XqWorksheet *sheet;

  if (file == NULL)
    return NULL;
  sheet = xq_worksheet_new ();
  /* A unit's exercises, or a puzzle pack's mates. */
  xq_worksheet_set_title (sheet, file->type == XQ_LESSON_FILE_UNIT ? file->unit->title : file->pack->title);
  xq_worksheet_set_layout (sheet, job->layout);
  xq_worksheet_set_key (sheet, job->key_path != NULL ? XQ_WORKSHEET_KEY_NONE : job->key);
  xq_answer_add_to_worksheet (sheet, file, job->notation, NULL);
  return sheet;
}

/* The questions at path, and with key_path the key alone there. */
static gboolean
write_worksheet (XqTeachWork *job, GError **error)
{
  if (!xq_worksheet_write_pdf (job->sheet, job->path, error))
    return FALSE;
  if (job->key_path == NULL)
    return TRUE;
  xq_worksheet_set_key (job->sheet, XQ_WORKSHEET_KEY_ONLY);
  return xq_worksheet_write_pdf (job->sheet, job->key_path, error);
}

/* A file name in dir for a unit imported from source: the source's name
 * made safe, numbered when taken, so an import never replaces a unit. */
static char *
import_unit_path (const char *dir, const char *source)
{
  g_autofree char *base = g_path_get_basename (source);
  g_autofree char *stem = NULL;
  g_autofree char *safe = NULL;
  char *dot;

  dot = strrchr (base, '.');
  if (dot != NULL && dot != base)
    *dot = '\0';
  stem = g_strconcat ("import-", base, NULL);
  safe = xq_pack_sanitize_name (stem, NULL);
  if (safe == NULL)
    safe = g_strdup ("import-games.json");
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *name = NULL;
      g_autofree char *path = NULL;

      if (n == 1)
        name = g_strdup (safe);
      else
        {
          g_autofree char *s = g_strndup (safe, strlen (safe) - strlen (".json"));
          name = g_strdup_printf ("%s-%u.json", s, n);
        }
      path = g_build_filename (dir, name, NULL);
      if (!g_file_test (path, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
        return g_steal_pointer (&path);
    }
  return NULL;
}

static gboolean
import_games (XqTeachWork *job, GCancellable *cancellable, GError **error)
{
  const char *paths[] = { job->path, NULL };

  if (g_mkdir_with_parents (job->units_dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", job->units_dir,
                   g_strerror (saved));
      return FALSE;
    }
  job->out_path = import_unit_path (job->units_dir, job->path);
  if (job->out_path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s: no free file name for the unit"),
                   job->units_dir);
      return FALSE;
    }
  return xq_import_files (paths, XQ_IMPORT_AS_UNIT, job->out_path, NULL, NULL, cancellable,
                          &job->report, error);
}

gboolean
xq_teach_work_run (XqTeachWork *job, GCancellable *cancellable, GError **error)
{
  switch (job->kind)
    {
    case XQ_TEACH_JOB_EXPORT_PDF:
    case XQ_TEACH_JOB_WORKSHEET:
      job->sheet = build_worksheet (job, error);
      if (job->sheet == NULL || g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      return job->kind == XQ_TEACH_JOB_WORKSHEET || write_worksheet (job, error);
    case XQ_TEACH_JOB_EXPORT_PACK:
      if (job->units == NULL)
        {
          g_autoptr(GPtrArray) units = xq_unit_store_list (job->units_dir);
          g_autoptr(GPtrArray) paths = g_ptr_array_new ();

          for (guint i = 0; i < units->len; i++)
            g_ptr_array_add (paths, ((XqUnitInfo *) g_ptr_array_index (units, i))->path);
          g_ptr_array_add (paths, NULL);
          return xq_unit_store_export ((const char *const *) paths->pdata, job->title, job->author, job->path,
                                       cancellable, error);
        }
      return xq_unit_store_export ((const char *const *) job->units, job->title, job->author, job->path,
                                   cancellable, error);
    case XQ_TEACH_JOB_IMPORT_PACK:
      {
        g_autoptr(XqProgressStore) learners = xq_progress_store_new (job->learners_dir);
        return xq_unit_store_import_pack (job->path, job->units_dir, job->replace, learners, cancellable,
                                          &job->import, error);
      }
    case XQ_TEACH_JOB_IMPORT_GAMES:
      return import_games (job, cancellable, error);
    }
  g_return_val_if_reached (FALSE);
}

/* What a teacher reads after an import: how many records became exercises,
 * and every skipped record's own line (which file, which record, why). */
char *
xq_teach_work_describe_import (const XqImportReport *report, const GError *error)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (report != NULL, NULL);
  if (error != NULL)
    g_string_append (text, error->message);
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Imported %u exercise into a new unit.",
                                               "Imported %u exercises into a new unit.",
                                               report->n_imported),
                            report->n_imported);
  for (guint i = 0; i < report->lines->len; i++)
    {
      const XqImportLine *line = g_ptr_array_index (report->lines, i);

      if (!line->imported)
        g_string_append_printf (text, "\n%s", line->message);
    }
  return g_string_free (text, FALSE);
}
