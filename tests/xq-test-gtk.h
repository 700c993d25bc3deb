/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-gtk.h: the start of every GTK test program. */
#pragma once

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "xq-test-dirs.h"

/* GTK tries the display once and aborts the program when it cannot open
 * it.  On this project's 2-core build machines the tests' Xvfb has, rarely,
 * refused a connection for a moment (a CI run lost test-play-review to
 * "cannot open display: :0" while the tests before and after it ran on the
 * same server), so wait, up to 10 s, until the server's socket takes a
 * connection.  Only the local ":N" displays the tests use are looked at. */
static inline void
xq_test_wait_for_display (void)
{
  const char *display = g_getenv ("DISPLAY");
  struct sockaddr_un addr = { .sun_family = AF_UNIX };

  if (display == NULL || display[0] != ':' || !g_ascii_isdigit (display[1]))
    return;
  g_snprintf (addr.sun_path, sizeof addr.sun_path, "/tmp/.X11-unix/X%d", atoi (display + 1));
  for (int i = 0; i < 100; i++)
    {
      int fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
      gboolean ok = fd >= 0 && connect (fd, (struct sockaddr *) &addr, sizeof addr) == 0;

      if (fd >= 0)
        close (fd);
      if (ok)
        return;
      g_usleep (100 * 1000);
    }
}

/* gtk_test_init () and adw_init (), in this program's own temporary HOME
 * and XDG dirs (xq-test-dirs.h).  Call it first, before anything reads
 * those dirs. */
static inline void
xq_test_gtk_init (int *argc, char ***argv)
{
  xq_test_isolate_dirs ();
  xq_test_wait_for_display ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
}

/* xq_test_gtk_init () for the tests of the app's windows: its settings in
 * memory, from the schemas meson compiled into schema_dir; its strings
 * from the catalogues meson built into po_dir; and --lang=zh_CN on the
 * command line runs the tests in that interface language. */
static inline void
xq_test_gtk_init_app (int *argc, char ***argv, const char *schema_dir, const char *po_dir)
{
  for (int i = 1; i < *argc; i++)
    if (g_str_has_prefix ((*argv)[i], "--lang="))
      {
        g_setenv ("LANGUAGE", (*argv)[i] + strlen ("--lang="), TRUE);
        (*argv)[i] = (char *) "";
      }
  g_setenv ("GSETTINGS_SCHEMA_DIR", schema_dir, FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  xq_test_gtk_init (argc, argv);
}

/* A new window with child in it, at the size the page tests use, shown
 * (not yet drawn: gtk_test_widget_wait_for_draw () waits for that). */
static inline GtkWidget *
xq_test_present (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* The widget itself or its first descendant of this type, or NULL. */
static inline GtkWidget *
xq_test_find_descendant (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = xq_test_find_descendant (c, type);
      if (found)
        return found;
    }
  return NULL;
}
