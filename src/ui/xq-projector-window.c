/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-projector-window"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-projector-window.h"

struct _XqProjectorWindow
{
  AdwWindow parent_instance;

  /* Child widgets */
  XqEditorBoard *board;
  GtkLabel      *prompt;

  /* Owned */
  XqAnnotations  drawing;
};

G_DEFINE_FINAL_TYPE (XqProjectorWindow, xq_projector_window, ADW_TYPE_WINDOW)

static void
redraw (XqProjectorWindow *self)
{
  xq_editor_board_set_annotations (self->board, &self->drawing);
}

void
xq_projector_window_toggle_circle (XqProjectorWindow *self, XqSquare sq)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  g_return_if_fail (sq >= 0 && sq < XQ_SQUARES);

  for (int i = 0; i < self->drawing.n_marks; i++)
    {
      XqMark *m = &self->drawing.marks[i];
      if (m->kind == XQ_MARK_CIRCLE && m->sq == sq)
        {
          /* A second right-click on a circle takes it away again. */
          memmove (m, m + 1, (size_t) (self->drawing.n_marks - i - 1) * sizeof *m);
          self->drawing.n_marks--;
          redraw (self);
          return;
        }
    }
  xq_annotations_add (&self->drawing, XQ_MARK_CIRCLE, XQ_ROLE_HINT, sq);
  redraw (self);
}

void
xq_projector_window_add_arrow (XqProjectorWindow *self, XqSquare from, XqSquare to)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  xq_annotations_add_arrow (&self->drawing, XQ_ROLE_HINT, from, to);
  redraw (self);
}

void
xq_projector_window_clear_drawing (XqProjectorWindow *self)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  xq_annotations_clear (&self->drawing);
  redraw (self);
}

const XqAnnotations *
xq_projector_window_get_drawing (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), NULL);
  return &self->drawing;
}

void
xq_projector_window_set_position (XqProjectorWindow *self, const XqPosition *pos, const char *prompt)
{
  g_return_if_fail (XQ_IS_PROJECTOR_WINDOW (self));
  xq_editor_board_set_position (self->board, pos);
  gtk_label_set_text (self->prompt, prompt != NULL ? prompt : "");
  gtk_widget_set_visible (GTK_WIDGET (self->prompt), prompt != NULL && *prompt != '\0');
  xq_projector_window_clear_drawing (self);
}

XqEditorBoard *
xq_projector_window_get_board (XqProjectorWindow *self)
{
  g_return_val_if_fail (XQ_IS_PROJECTOR_WINDOW (self), NULL);
  return self->board;
}

static void
point_activated_cb (XqProjectorWindow *self, int sq, guint button, XqEditorBoard *board)
{
  if (button == GDK_BUTTON_SECONDARY)
    xq_projector_window_toggle_circle (self, sq);
}

static void
arrow_cb (XqProjectorWindow *self, int from, int to, XqEditorBoard *board)
{
  xq_projector_window_add_arrow (self, from, to);
}

static void
clear_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  xq_projector_window_clear_drawing (XQ_PROJECTOR_WINDOW (widget));
}

static void
fullscreen_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
leave_fullscreen_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_close (window);
}

static void
xq_projector_window_class_init (XqProjectorWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "projector.clear", NULL, clear_action);
  gtk_widget_class_install_action (widget_class, "projector.fullscreen", NULL, fullscreen_action);
  gtk_widget_class_install_action (widget_class, "projector.leave", NULL, leave_fullscreen_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "projector.clear", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "projector.fullscreen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "projector.leave", NULL);
}

static void
xq_projector_window_init (XqProjectorWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *clear = gtk_button_new_from_icon_name ("edit-clear-all-symbolic");
  GtkWidget *full = gtk_button_new_from_icon_name ("view-fullscreen-symbolic");

  gtk_window_set_title (GTK_WINDOW (self), _("Projector"));
  gtk_window_set_default_size (GTK_WINDOW (self), 900, 1000);

  gtk_widget_set_tooltip_text (clear, _("Clear the arrows and circles (Delete)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (clear), "projector.clear");
  gtk_widget_set_tooltip_text (full, _("Full screen (F11)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (full), "projector.fullscreen");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), clear);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), full);
  gtk_box_append (GTK_BOX (box), header);

  self->prompt = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->prompt, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->prompt), "title-1");
  gtk_widget_set_margin_top (GTK_WIDGET (self->prompt), 12);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->prompt));

  self->board = XQ_EDITOR_BOARD (xq_editor_board_new ());
  xq_editor_board_set_editable (self->board, FALSE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->board), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->board), 12);
  g_signal_connect_swapped (self->board, "point-activated", G_CALLBACK (point_activated_cb), self);
  g_signal_connect_swapped (self->board, "arrow", G_CALLBACK (arrow_cb), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->board));

  adw_window_set_content (ADW_WINDOW (self), box);
  xq_annotations_clear (&self->drawing);
}

XqProjectorWindow *
xq_projector_window_new (GtkWindow *parent)
{
  return g_object_new (XQ_TYPE_PROJECTOR_WINDOW, "transient-for", parent, NULL);
}
