/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-lesson-mo.h: a test run in another language.  The build's
 * catalogue of the lessons for LANG (lesson-LANG.mo in XQ_LESSON_MO_DIR,
 * set by tests/meson.build) is installed in a directory of its own and
 * made the process's language; xq_test_lesson_mo_end goes back to English
 * and removes it.  gettext honours LANGUAGE under C.UTF-8 (not under C);
 * setting the locale again makes it drop the previous catalogue. */
#pragma once

#include <locale.h>
#include <libintl.h>
#include <glib.h>
#include <glib/gstdio.h>

/* Returns the directory to hand to xq_test_lesson_mo_end. */
static inline char *
xq_test_lesson_mo_begin (const char *lang)
{
  char *root = g_dir_make_tmp ("xq-lesson-mo-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (root, lang, "LC_MESSAGES", NULL);
  g_autofree char *mo = g_build_filename (dir, GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *built_name = g_strdup_printf ("lesson-%s.mo", lang);
  g_autofree char *built = g_build_filename (XQ_LESSON_MO_DIR, built_name, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_nonnull (root);
  g_assert_true (g_file_get_contents (built, &contents, &length, NULL));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (mo, contents, length, NULL));
  g_setenv ("LANGUAGE", lang, TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, root);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  return root;
}

static inline void
xq_test_lesson_mo_end (char *root, const char *lang)
{
  g_autofree char *lang_dir = g_build_filename (root, lang, NULL);
  g_autofree char *dir = g_build_filename (lang_dir, "LC_MESSAGES", NULL);
  g_autofree char *mo = g_build_filename (dir, GETTEXT_PACKAGE ".mo", NULL);

  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "C.UTF-8");
  g_unlink (mo);
  g_rmdir (dir);
  g_rmdir (lang_dir);
  g_rmdir (root);
  g_free (root);
}
