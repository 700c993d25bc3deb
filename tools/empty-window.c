/* An empty libadwaita window: a header bar and one line of text, nothing
 * else.  tools/bench-startup.sh launches it as the anchor with ANCHOR=empty,
 * at the size Xiangqi Tutor opens at, to tell what the toolkit costs
 * (loading GTK, making a GL context, drawing a window of that area under
 * Xvfb's software renderer) from what our own first page costs.
 *
 * Usage: empty-window [WIDTHxHEIGHT]   (default 1000x640, our default size)
 */
#include <adwaita.h>
#include <stdio.h>

static int width = 1000, height = 640;

static void
activate_cb (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new ("An empty window");

  gtk_widget_set_vexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr (AdwApplication) app = NULL;

  if (argc > 2 || (argc == 2 && sscanf (argv[1], "%dx%d", &width, &height) != 2))
    {
      fprintf (stderr, "usage: %s [WIDTHxHEIGHT]\n", argv[0]);
      return 2;
    }
  app = adw_application_new ("org.example.EmptyWindow", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  /* Its own arguments are not GApplication's. */
  return g_application_run (G_APPLICATION (app), 1, argv);
}
