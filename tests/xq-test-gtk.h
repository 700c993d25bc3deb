/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-test-gtk.h: the start of every GTK test program. */
#pragma once

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <locale.h>
#include <stdio.h>
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

/* GTK 4.8's tooltip popup timer (tooltip_popup_timeout in gtktooltip.c)
 * asks for the pointer's position on the surface of the window or popover
 * the tooltip was started in, without checking that the surface still
 * exists.  When a test closes that window or popover before the timer fires
 * (under load the timer can outlive both), GTK reports
 *   Gdk: gdk_surface_get_device_position: assertion 'GDK_IS_SURFACE (surface)' failed
 *   Gtk: _gtk_widget_find_at_coords: assertion 'GDK_IS_SURFACE (surface)' failed
 * and the timer gives up, harmlessly.  The timers start because Xvfb keeps
 * its pointer at the screen's centre (it cannot be moved there: xdotool and
 * XWarpPointer leave it), inside the test windows.  gtk_test_init () makes
 * every critical fatal, so /ui/learn and /ui/window aborted at random under
 * load (3 of 8 runs of test-learn with the load at 30; the return address
 * was in that timer).
 *
 * So criticals are made fatal here instead of by GLib: every critical
 * aborts the test program, as before, except exactly these two, which are
 * printed and let through.  (GLib's own fatal handler cannot do it: it is
 * reset at the start of every test case.) */
static inline gboolean
xq_test_known_gtk_critical (const GLogField *fields, gsize n_fields)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0)
      domain = fields[i].value;
    else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
      message = fields[i].value;
  if (message == NULL)
    return FALSE;
  return (g_strcmp0 (domain, "Gdk") == 0 &&
          g_str_has_prefix (message, "gdk_surface_get_device_position: assertion 'GDK_IS_SURFACE (surface)' failed")) ||
         (g_strcmp0 (domain, "Gtk") == 0 &&
          g_str_has_prefix (message, "_gtk_widget_find_at_coords: assertion 'GDK_IS_SURFACE (surface)' failed"));
}

static inline GLogWriterOutput
xq_test_log_writer (GLogLevelFlags   level,
                    const GLogField *fields,
                    gsize            n_fields,
                    gpointer         data)
{
  GLogWriterOutput out = g_log_writer_default (level, fields, n_fields, data);

  if ((level & G_LOG_LEVEL_CRITICAL) && !xq_test_known_gtk_critical (fields, n_fields))
    {
      printf ("Bail out! a critical message (above) is fatal in a test\n");
      fflush (stdout);
      abort ();
    }
  return out;
}

/* gtk_test_init () and adw_init (), in this program's own temporary HOME
 * and XDG dirs (xq-test-dirs.h).  Call it first, before anything reads
 * those dirs. */
static inline void
xq_test_gtk_init (int *argc, char ***argv)
{
  xq_test_isolate_dirs ();
  xq_test_wait_for_display ();
  g_log_set_writer_func (xq_test_log_writer, NULL, NULL);
  gtk_test_init (argc, argv, NULL);
  /* Criticals abort through xq_test_log_writer () (see above). */
  g_log_set_always_fatal (g_log_set_always_fatal (G_LOG_FATAL_MASK) & ~G_LOG_LEVEL_CRITICAL);
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

static gboolean
xq_test_wake (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until widget is mapped, for at most `seconds`, and
 * says whether it is.  A popover maps on a later frame than the one that
 * asked for it, and under a sanitizer on a loaded 2-core machine three
 * frames were not always enough (/ui/learn/default-name-languages read an
 * empty chooser under ASan, December 7). */
static inline gboolean
xq_test_wait_until_mapped (GtkWidget *widget, guint seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  while (!gtk_widget_get_mapped (widget) && g_get_monotonic_time () < deadline)
    {
      gboolean woke = FALSE;
      guint id = g_timeout_add (50, xq_test_wake, &woke);

      g_main_context_iteration (NULL, TRUE);
      if (!woke)
        g_source_remove (id);
    }
  return gtk_widget_get_mapped (widget);
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

/* The first label below root (root included) that shows exactly text, or
 * NULL. */
static inline GtkWidget *
xq_test_find_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = xq_test_find_label (c, text);

      if (found)
        return found;
    }
  return NULL;
}

/* Runs widget's key binding for keyval (no modifiers), as a key press
 * would; TRUE if its action ran.  The binding must exist. */
static inline gboolean
xq_test_press_key (GtkWidget *widget, guint keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr(GtkShortcut) sc = g_list_model_get_item (G_LIST_MODEL (c), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (sc);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (sc), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                 widget, gtk_shortcut_get_arguments (sc));
        }
    }
  g_assert_not_reached ();
  return FALSE;
}
