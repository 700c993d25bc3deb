/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "xq-loading-view.h"

/* The spinner turns only while it is on screen.  A page keeps its loading
 * view as a hidden child of its stack for the whole session, and a spinner
 * left spinning there kept the window's frame clock running: a style
 * recomputed sixty times a second, two X round trips each, about 5% of a
 * core with nothing on screen changing (docs/building.md, "Start-up"). */
static void
spinner_map_cb (GtkWidget *spinner)
{
  gtk_spinner_start (GTK_SPINNER (spinner));
}

static void
spinner_unmap_cb (GtkWidget *spinner)
{
  gtk_spinner_stop (GTK_SPINNER (spinner));
}

GtkWidget *
xq_loading_view_new (const char *text)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *spinner = gtk_spinner_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (box, TRUE);
  gtk_widget_set_size_request (spinner, 32, 32);
  g_signal_connect (spinner, "map", G_CALLBACK (spinner_map_cb), NULL);
  g_signal_connect (spinner, "unmap", G_CALLBACK (spinner_unmap_cb), NULL);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), spinner);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}
