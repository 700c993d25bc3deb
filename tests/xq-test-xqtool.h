/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-xqtool.h: running the xqtool that meson built ($XQTOOL, set in
 * tests/meson.build), for the tests of its commands. */
#pragma once

#include <glib.h>

#ifndef G_OS_WIN32
#include <sys/wait.h>
#endif

/* Runs xqtool with args (ended by NULL); *out and *err (either may be
 * NULL: thrown away) get what it printed (free them).  Returns its exit
 * status, or -1 if it did not exit (a crash). */
static inline int
xq_test_xqtool (const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GSpawnFlags flags = G_SPAWN_DEFAULT;
  int status = -1;

  g_assert_nonnull (g_getenv ("XQTOOL"));   /* set by tests/meson.build */
  g_ptr_array_add (argv, (gpointer) g_getenv ("XQTOOL"));
  for (; *args; args++)
    g_ptr_array_add (argv, (gpointer) *args);
  g_ptr_array_add (argv, NULL);
  if (out == NULL)
    flags |= G_SPAWN_STDOUT_TO_DEV_NULL;
  if (err == NULL)
    flags |= G_SPAWN_STDERR_TO_DEV_NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, flags, NULL, NULL, out, err,
                               &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* Runs xqtool with args (ended by NULL), its errors thrown away; returns
 * what it printed (free it) and sets *status to its wait status. */
static inline char *
xq_test_run_xqtool (int *status, const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("XQTOOL"));
  for (; *args; args++)
    g_ptr_array_add (argv, (gpointer) *args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, status, &error));
  g_assert_no_error (error);
  return out;
}
