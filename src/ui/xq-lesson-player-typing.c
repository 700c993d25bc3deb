/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The lesson player's typed answer (kinds with XQ_KIND_INPUT_TEXT, such as
 * type-move): an entry, a button that hands it in, and a keypad of the
 * signs the kind offers (the pieces, the numbers, 進 退 平, 前 後), so a
 * child without a Chinese input method can write 馬八進七 by tapping. */
#define G_LOG_DOMAIN "xq-lesson-player"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-lesson-player-private.h"

#define DELETE_SIGN "⌫"

static void
hand_in_cb (XqLessonPlayer *self)
{
  g_autofree char *text = NULL;
  XqInput in = { .type = XQ_INPUT_TEXT, .sq = XQ_NO_SQUARE, .move = XQ_MOVE_NONE };

  if (self->typing_entry == NULL)
    return;
  text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->typing_entry)));
  in.text = text;
  xq_lesson_player_handle (self, &in);
  if (self->typing_entry == NULL)
    return;
  if (self->attempt.solved)
    gtk_widget_set_sensitive (gtk_widget_get_parent (gtk_widget_get_parent (self->typing_entry)), FALSE);
  else
    {
      /* A wrong text stays, to be mended where the reason points. */
      gtk_widget_grab_focus (self->typing_entry);
      gtk_editable_set_position (GTK_EDITABLE (self->typing_entry), -1);
    }
}

static void
sign_clicked_cb (GtkButton *button, XqLessonPlayer *self)
{
  const char *sign = g_object_get_data (G_OBJECT (button), "sign");
  GtkEditable *entry = self->typing_entry ? GTK_EDITABLE (self->typing_entry) : NULL;
  int pos;

  if (entry == NULL)
    return;
  pos = gtk_editable_get_position (entry);
  if (g_strcmp0 (sign, DELETE_SIGN) == 0)
    {
      if (pos > 0)
        gtk_editable_delete_text (entry, pos - 1, pos);
      return;
    }
  gtk_editable_insert_text (entry, sign, -1, &pos);
  gtk_editable_set_position (entry, pos);
}

static GtkWidget *
sign_button (XqLessonPlayer *self, const char *sign, const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_label (sign);

  gtk_widget_add_css_class (button, "xq-keypad-sign");
  gtk_widget_set_focus_on_click (button, FALSE);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  g_object_set_data_full (G_OBJECT (button), "sign", g_strdup (sign), g_free);
  g_signal_connect (button, "clicked", G_CALLBACK (sign_clicked_cb), self);
  return button;
}

void
xq_lesson_player_show_typing (XqLessonPlayer *self)
{
  const char *const *signs = xq_exercise_keypad (self->ex);
  GtkWidget *child, *column, *row, *hand_in, *keypad;

  while ((child = gtk_widget_get_first_child (self->choices_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->choices_box), child);
  g_hash_table_remove_all (self->choice_buttons);
  /* Short choices may have left the box in a row (show_choices). */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->choices_box), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_homogeneous (GTK_BOX (self->choices_box), FALSE);

  column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  /* The entry fills the column, but the column does not ask the page for
   * width: the board keeps its size on every step. */
  gtk_widget_set_hexpand (column, FALSE);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  if (self->typing_entry != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->typing_entry), (gpointer *) &self->typing_entry);
  self->typing_entry = gtk_entry_new ();
  g_object_add_weak_pointer (G_OBJECT (self->typing_entry), (gpointer *) &self->typing_entry);
  gtk_widget_set_hexpand (self->typing_entry, TRUE);
  gtk_entry_set_max_length (GTK_ENTRY (self->typing_entry), 16);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->typing_entry), 4);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (self->typing_entry), 12);
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->typing_entry), _("Type the move"));
  gtk_widget_add_css_class (self->typing_entry, "xq-typed-move");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->typing_entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The move, written"), -1);
  g_signal_connect_swapped (self->typing_entry, "activate", G_CALLBACK (hand_in_cb), self);
  hand_in = gtk_button_new_with_mnemonic (_("_Write"));
  gtk_widget_set_tooltip_text (hand_in, _("Hand in the move as you wrote it"));
  gtk_widget_add_css_class (hand_in, "suggested-action");
  g_signal_connect_swapped (hand_in, "clicked", G_CALLBACK (hand_in_cb), self);
  gtk_box_append (GTK_BOX (row), self->typing_entry);
  gtk_box_append (GTK_BOX (row), hand_in);
  gtk_box_append (GTK_BOX (column), row);

  keypad = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (keypad), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (keypad), TRUE);
  /* Narrow enough for the side column's least width: the board keeps its
   * size on every step. */
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (keypad), 3);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (keypad), 7);
  gtk_widget_set_name (keypad, "keypad");
  for (int i = 0; signs != NULL && signs[i] != NULL; i++)
    {
      /* Translators: the tooltip of a keypad button that types one sign of a written move, such as 馬 */
      g_autofree char *tip = g_strdup_printf (_("Type %s"), signs[i]);
      gtk_flow_box_append (GTK_FLOW_BOX (keypad), sign_button (self, signs[i], tip));
    }
  gtk_flow_box_append (GTK_FLOW_BOX (keypad), sign_button (self, DELETE_SIGN, _("Delete the sign before the cursor")));
  gtk_box_append (GTK_BOX (column), keypad);
  gtk_box_append (GTK_BOX (self->choices_box), column);
}

GtkWidget *
xq_lesson_player_get_typing_entry (XqLessonPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  return xq_lesson_player_takes (self, XQ_KIND_INPUT_TEXT) ? self->typing_entry : NULL;
}

GtkWidget *
xq_lesson_player_get_keypad_button (XqLessonPlayer *self, const char *sign)
{
  GtkWidget *keypad, *child;

  g_return_val_if_fail (XQ_IS_LESSON_PLAYER (self), NULL);
  if (xq_lesson_player_get_typing_entry (self) == NULL)
    return NULL;
  keypad = gtk_widget_get_next_sibling (gtk_widget_get_parent (self->typing_entry));
  for (child = gtk_widget_get_first_child (keypad); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (g_strcmp0 (g_object_get_data (G_OBJECT (button), "sign"), sign) == 0)
        return button;
    }
  return NULL;
}
