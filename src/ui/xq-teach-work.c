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
  g_strfreev (job->import_paths);
  g_free (job->import_name);
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

static char *
file_stem (const char *path)
{
  char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  return base;
}

char *
xq_teach_work_default_name (const char *const *paths)
{
  g_return_val_if_fail (paths != NULL && paths[0] != NULL, NULL);
  if (g_file_test (paths[0], G_FILE_TEST_IS_DIR))
    return g_path_get_basename (paths[0]);
  if (paths[1] != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (paths[0]);
      return g_path_get_basename (dir);
    }
  return file_stem (paths[0]);
}

/* A file name in dir for a unit imported as title: the title made safe,
 * numbered when taken, so an import never replaces a unit. */
static char *
import_unit_path (const char *dir, const char *title)
{
  g_autofree char *stem = NULL;
  g_autofree char *safe = NULL;

  stem = g_strconcat ("import-", title, NULL);
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

/* In the worker: how far the import is, for the page to show. */
static void
import_progress (const char *file, guint file_index, guint n_files, guint record, guint n_records,
                 gpointer user_data)
{
  XqTeachWork *job = user_data;

  g_atomic_int_set (&job->n_files, (gint) n_files);
  g_atomic_int_set (&job->files_done, (gint) file_index);
  g_atomic_int_set (&job->n_records, (gint) n_records);
  g_atomic_int_set (&job->record, (gint) record);
}

static gboolean
import_games (XqTeachWork *job, GCancellable *cancellable, GError **error)
{
  const char *one[] = { job->path, NULL };
  const char *const *chosen = job->import_paths != NULL ? (const char *const *) job->import_paths : one;
  g_autoptr(GPtrArray) files = NULL;
  g_autofree char *name = NULL;
  gboolean ok;

  g_return_val_if_fail (chosen[0] != NULL, FALSE);

  if (g_mkdir_with_parents (job->units_dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", job->units_dir,
                   g_strerror (saved));
      return FALSE;
    }
  files = xq_import_find_files (chosen, cancellable, error);
  if (files == NULL)
    return FALSE;
  g_atomic_int_set (&job->n_files, (gint) files->len);
  g_ptr_array_add (files, NULL);
  name = job->import_name != NULL && *job->import_name != '\0'
         ? g_strdup (job->import_name) : xq_teach_work_default_name (chosen);
  job->out_path = import_unit_path (job->units_dir, name);
  if (job->out_path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("%s: no free file name for the unit"),
                   job->units_dir);
      return FALSE;
    }
  ok = xq_import_files_titled ((const char *const *) files->pdata, XQ_IMPORT_AS_UNIT, job->out_path,
                               job->import_name, import_progress, job, cancellable, &job->report, error);
  if (ok)
    g_atomic_int_set (&job->files_done, (gint) files->len - 1);
  return ok;
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

/* What a teacher reads after an import: the error, or how many records
 * became exercises (the summary beside it says the rest). */
char *
xq_teach_work_describe_import (const XqImportReport *report, const GError *error)
{
  g_return_val_if_fail (report != NULL, NULL);
  if (error != NULL)
    return g_strdup (error->message);
  if (report->files_written != NULL && report->files_written->len > 1)
    /* TRANSLATORS: a large import is written as several units of at most
     * 200 exercises each. */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u exercise into %u new units.",
                                         "Imported %u exercises into %u new units.", report->n_imported),
                            report->n_imported, report->files_written->len);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u exercise into a new unit.",
                                       "Imported %u exercises into a new unit.", report->n_imported),
                          report->n_imported);
}

/* file as a teacher chose it: below a folder chosen, the path from there
 * ("杀法/車马冷着.xqf"), else its name. */
static char *
display_file (const char *file, const char *const *roots)
{
  for (guint i = 0; roots != NULL && roots[i] != NULL; i++)
    {
      gsize n = strlen (roots[i]);

      while (n > 1 && roots[i][n - 1] == G_DIR_SEPARATOR)
        n--;
      if (g_file_test (roots[i], G_FILE_TEST_IS_DIR) && strncmp (file, roots[i], n) == 0
          && file[n] == G_DIR_SEPARATOR)
        return g_strdup (file + n + 1);
    }
  return g_path_get_basename (file);
}

char *
xq_teach_work_import_details (const XqImportReport *report, const char *const *roots)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (report != NULL, NULL);
  /* By cause, in the summary's order and words; in file order within. */
  for (int c = XQ_IMPORT_SKIP_NO_MATE; c < XQ_IMPORT_N_CAUSES; c++)
    {
      g_autofree char *heading = NULL;

      if (report->n_by_cause[c] == 0)
        continue;
      heading = xq_import_cause_text ((XqImportCause) c, report->n_by_cause[c]);
      if (text->len > 0)
        g_string_append (text, "\n\n");
      /* TRANSLATORS: the heading of a group of an import's details:
       * "2 have no forced mate within 15 moves:" */
      g_string_append_printf (text, _("%s:"), heading);
      for (guint i = 0; i < report->lines->len; i++)
        {
          const XqImportLine *line = g_ptr_array_index (report->lines, i);
          g_autofree char *file = NULL;

          if (line->cause != (XqImportCause) c)
            continue;
          file = display_file (line->file, roots);
          g_string_append (text, "\n");
          if (line->record > 0)
            /* TRANSLATORS: a line of an import's details: FILE, game N: why it was skipped */
            g_string_append_printf (text, _("• %s, game %u: %s"), file, line->record, line->reason);
          else
            /* TRANSLATORS: a line of an import's details: FILE: why the whole file was skipped */
            g_string_append_printf (text, _("• %s: %s"), file, line->reason);
        }
    }
  return g_string_free (text, FALSE);
}
