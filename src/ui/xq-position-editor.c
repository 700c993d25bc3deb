/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-position-editor"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-paint.h"
#include "xq-pgn.h"
#include "xq-position-editor.h"

struct _XqPositionEditor
{
  GtkBox parent_instance;

  /* Child widgets */
  XqEditorBoard  *board;
  GtkDropDown    *side;
  GtkEntry       *fen_entry;
  GtkLabel       *verdict;
  GtkSpinButton  *ply_spin;
  GtkWidget      *palette_buttons[16];
  GHashTable     *buttons;   /* name -> GtkWidget (borrowed) */
  GtkWidget      *board_row;

  /* Owned */
  XqPgnRecord    *game;
  XqPiece         brush;
  gboolean        updating;
};

G_DEFINE_FINAL_TYPE (XqPositionEditor, xq_position_editor, GTK_TYPE_BOX)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- Showing the verdict ------------------------------------------------------ */

/* Brings the FEN entry, the side selector and the verdict in line with the
 * board, then tells the owner. */
static void
refresh (XqPositionEditor *self)
{
  const XqPosition *pos = xq_editor_board_get_position (self->board);
  g_autofree char *fen = xq_position_to_fen (pos);
  g_autoptr(GError) error = NULL;

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), fen);
  gtk_drop_down_set_selected (self->side, pos->side == XQ_RED ? 0 : 1);
  self->updating = FALSE;

  if (xq_position_validate (pos, &error))
    {
      gtk_label_set_text (self->verdict, _("A legal position."));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->verdict), gtk_label_get_text (self->verdict));
      gtk_widget_remove_css_class (GTK_WIDGET (self->verdict), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->verdict), "success");
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("Not a legal position: %s"), error->message);
      gtk_label_set_text (self->verdict, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->verdict), gtk_label_get_text (self->verdict));
      gtk_widget_remove_css_class (GTK_WIDGET (self->verdict), "success");
      gtk_widget_add_css_class (GTK_WIDGET (self->verdict), "error");
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
show_problem (XqPositionEditor *self, const char *message)
{
  gtk_label_set_text (self->verdict, message);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->verdict), gtk_label_get_text (self->verdict));
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict), "success");
  gtk_widget_add_css_class (GTK_WIDGET (self->verdict), "error");
}

/* ---- Callbacks ---------------------------------------------------------------- */

static void
board_changed_cb (XqPositionEditor *self, XqEditorBoard *board)
{
  refresh (self);
}

static void
point_activated_cb (XqPositionEditor *self, int sq, guint button, XqEditorBoard *board)
{
  if (self->brush == XQ_EMPTY)
    return;
  if (button == GDK_BUTTON_SECONDARY)
    xq_editor_board_put (board, sq, XQ_EMPTY);
  else if (button == GDK_BUTTON_PRIMARY)
    xq_editor_board_put (board, sq, self->brush);
}

static void
clear_cb (XqPositionEditor *self)
{
  XqPosition pos;

  xq_position_clear (&pos);
  xq_position_editor_set_position (self, &pos);
}

static void
start_cb (XqPositionEditor *self)
{
  XqPosition pos;

  xq_position_init_start (&pos);
  xq_position_editor_set_position (self, &pos);
}

static void
flip_cb (XqPositionEditor *self)
{
  xq_editor_board_set_flipped (self->board, !xq_editor_board_get_flipped (self->board));
}

static void
side_cb (XqPositionEditor *self)
{
  XqPosition pos;

  if (self->updating)
    return;
  pos = *xq_editor_board_get_position (self->board);
  xq_position_set_side (&pos, gtk_drop_down_get_selected (self->side) == 0 ? XQ_RED : XQ_BLACK);
  xq_editor_board_set_position (self->board, &pos);
  refresh (self);
}

static void
fen_activate_cb (XqPositionEditor *self)
{
  g_autoptr(GError) error = NULL;

  xq_position_editor_set_fen (self, gtk_editable_get_text (GTK_EDITABLE (self->fen_entry)), &error);
}

static void
copy_cb (XqPositionEditor *self)
{
  g_autofree char *fen = xq_position_editor_get_fen (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), fen);
}

static void
paste_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(XqPositionEditor) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      show_problem (self, _("The clipboard holds no text."));
      return;
    }
  g_strstrip (text);
  xq_position_editor_set_fen (self, text, NULL);
}

static void
paste_cb (XqPositionEditor *self)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL,
                                 paste_done_cb, g_object_ref (self));
}

static void
ply_cb (XqPositionEditor *self)
{
  if (self->updating || self->game == NULL)
    return;
  xq_position_editor_set_ply (self, (guint) gtk_spin_button_get_value_as_int (self->ply_spin));
}

static void
pgn_chosen_cb (XqPositionEditor *self, int response, GtkNativeDialog *dialog)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;

      if (file == NULL || !g_file_load_contents (file, NULL, &contents, NULL, NULL, &error) ||
          !xq_position_editor_load_pgn (self, contents, 0, &error))
        show_problem (self, error != NULL ? error->message : _("No file was chosen."));
    }
  g_object_unref (dialog);
}

static void
open_pgn_cb (XqPositionEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_("Take a Position From a Game"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("PGN games"));
  gtk_file_filter_add_pattern (filter, "*.pgn");
  gtk_file_filter_add_pattern (filter, "*.PGN");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect_swapped (dialog, "response", G_CALLBACK (pgn_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
palette_clicked_cb (GtkButton *button, XqPositionEditor *self)
{
  XqPiece piece = (XqPiece) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));

  xq_position_editor_set_brush (self, self->brush == piece ? XQ_EMPTY : piece);
}

static GdkContentProvider *
palette_prepare_cb (GtkDragSource *source, double x, double y, gpointer piece)
{
  return xq_board_paint_drag_content ((XqPiece) GPOINTER_TO_INT (piece), XQ_NO_SQUARE);
}

/* ---- Building ----------------------------------------------------------------- */

/* The palette's pieces look like the board's, in the set the preferences chose. */
static void
update_palette_pictures (XqPositionEditor *self)
{
  XqRenderStyle style;

  xq_render_style_init (&style);
  g_object_get (self->board, "piece-set", &style.pieces, "theme", &style.theme, NULL);
  for (int i = 0; i < 16; i++)
    {
      GtkWidget *button = self->palette_buttons[i];
      XqPiece piece;
      g_autoptr(GdkTexture) tex = NULL;

      if (button == NULL)
        continue;
      piece = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));
      tex = xq_board_paint_piece_texture (piece, &style, 40);
      if (tex != NULL)
        {
          GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (tex));
          gtk_widget_set_size_request (picture, 40, 40);
          gtk_button_set_child (GTK_BUTTON (button), picture);
        }
      else
        {
          char text[2] = { xq_piece_to_fen_char (piece), '\0' };
          gtk_button_set_label (GTK_BUTTON (button), text);
        }
    }
}

static GtkWidget *
build_palette (XqPositionEditor *self)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_valign (grid, GTK_ALIGN_CENTER);
  for (int c = XQ_RED; c <= XQ_BLACK; c++)
    for (int t = XQ_KING; t <= XQ_PAWN; t++)
      {
        XqPiece piece = xq_piece_make (c, t);
        GtkWidget *button = gtk_toggle_button_new ();
        GtkDragSource *source = gtk_drag_source_new ();

        gtk_widget_set_tooltip_text (button, xq_board_piece_name (piece));
        gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        xq_board_piece_name (piece), -1);
        gtk_widget_add_css_class (button, "flat");
        g_object_set_data (G_OBJECT (button), "piece", GINT_TO_POINTER (piece));
        g_signal_connect (button, "clicked", G_CALLBACK (palette_clicked_cb), self);
        gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
        g_signal_connect (source, "prepare", G_CALLBACK (palette_prepare_cb), GINT_TO_POINTER (piece));
        gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
        gtk_grid_attach (GTK_GRID (grid), button, c, t - 1, 1, 1);
        self->palette_buttons[piece & 15] = button;
      }
  return grid;
}

/* ---- API ---------------------------------------------------------------------- */

GtkWidget *
xq_position_editor_new (void)
{
  return g_object_new (XQ_TYPE_POSITION_EDITOR, NULL);
}

XqEditorBoard *
xq_position_editor_get_board (XqPositionEditor *self)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), NULL);
  return self->board;
}

const XqPosition *
xq_position_editor_get_position (XqPositionEditor *self)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), NULL);
  return xq_editor_board_get_position (self->board);
}

void
xq_position_editor_set_position (XqPositionEditor *self, const XqPosition *pos)
{
  g_return_if_fail (XQ_IS_POSITION_EDITOR (self));
  xq_editor_board_set_position (self->board, pos);
  refresh (self);
}

gboolean
xq_position_editor_set_fen (XqPositionEditor *self, const char *fen, GError **error)
{
  g_autoptr(GError) local = NULL;
  XqPosition pos;

  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), FALSE);
  if (!xq_position_set_fen_unchecked (&pos, fen, &local))
    {
      g_autofree char *text = g_strdup_printf (_("Not a FEN: %s"), local->message);
      show_problem (self, text);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  xq_position_editor_set_position (self, &pos);
  return TRUE;
}

char *
xq_position_editor_get_fen (XqPositionEditor *self)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), NULL);
  return xq_position_to_fen (xq_editor_board_get_position (self->board));
}

GtkWidget *
xq_position_editor_get_verdict (XqPositionEditor *self)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), NULL);
  return GTK_WIDGET (self->verdict);
}

gboolean
xq_position_editor_validate (XqPositionEditor *self, GError **error)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), FALSE);
  return xq_position_validate (xq_editor_board_get_position (self->board), error);
}

void
xq_position_editor_set_brush (XqPositionEditor *self, XqPiece piece)
{
  g_return_if_fail (XQ_IS_POSITION_EDITOR (self));
  self->brush = piece;
  for (int i = 0; i < 16; i++)
    if (self->palette_buttons[i] != NULL)
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->palette_buttons[i]),
                                    piece != XQ_EMPTY && i == (piece & 15));
}

XqPiece
xq_position_editor_get_brush (XqPositionEditor *self)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), XQ_EMPTY);
  return self->brush;
}

gboolean
xq_position_editor_load_pgn (XqPositionEditor *self, const char *text, guint ply, GError **error)
{
  XqPgnRecord *game;

  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), FALSE);
  game = xq_pgn_read_string (text, error);
  if (game == NULL)
    return FALSE;
  g_clear_pointer (&self->game, xq_pgn_record_free);
  self->game = game;
  self->updating = TRUE;
  gtk_spin_button_set_range (self->ply_spin, 0, xq_pgn_record_get_n_moves (game));
  self->updating = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->ply_spin), TRUE);
  xq_position_editor_set_ply (self, ply);
  return TRUE;
}

void
xq_position_editor_set_ply (XqPositionEditor *self, guint ply)
{
  XqPosition pos;

  g_return_if_fail (XQ_IS_POSITION_EDITOR (self));
  if (self->game == NULL)
    return;
  ply = MIN (ply, xq_pgn_record_get_n_moves (self->game));
  self->updating = TRUE;
  gtk_spin_button_set_value (self->ply_spin, ply);
  self->updating = FALSE;
  xq_pgn_record_get_position (self->game, ply, &pos);
  xq_position_editor_set_position (self, &pos);
}

GtkWidget *
xq_position_editor_get_button (XqPositionEditor *self, const char *name)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), NULL);
  return g_hash_table_lookup (self->buttons, name);
}

GtkWidget *
xq_position_editor_get_palette_button (XqPositionEditor *self, XqPiece piece)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), NULL);
  return self->palette_buttons[piece & 15];
}

GtkWidget *
xq_position_editor_get_side_selector (XqPositionEditor *self)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), NULL);
  return GTK_WIDGET (self->side);
}

GtkWidget *
xq_position_editor_get_fen_entry (XqPositionEditor *self)
{
  g_return_val_if_fail (XQ_IS_POSITION_EDITOR (self), NULL);
  return GTK_WIDGET (self->fen_entry);
}

/* ---- GObject ------------------------------------------------------------------ */

static void
xq_position_editor_finalize (GObject *object)
{
  XqPositionEditor *self = XQ_POSITION_EDITOR (object);

  g_clear_pointer (&self->game, xq_pgn_record_free);
  g_clear_pointer (&self->buttons, g_hash_table_unref);
  G_OBJECT_CLASS (xq_position_editor_parent_class)->finalize (object);
}

static void
xq_position_editor_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_POSITION_EDITOR);
  G_OBJECT_CLASS (xq_position_editor_parent_class)->dispose (object);
}

static void
xq_position_editor_class_init (XqPositionEditorClass *klass)
{
  static const char *const tools[] = { "clear_button", "start_button", "flip_button", "pgn_button",
                                       "copy_button", "paste_button" };
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = xq_position_editor_dispose;
  G_OBJECT_CLASS (klass)->finalize = xq_position_editor_finalize;

  g_type_ensure (XQ_TYPE_EDITOR_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, XqPositionEditor, board_row);
  gtk_widget_class_bind_template_child (widget_class, XqPositionEditor, board);
  gtk_widget_class_bind_template_child (widget_class, XqPositionEditor, verdict);
  gtk_widget_class_bind_template_child (widget_class, XqPositionEditor, side);
  gtk_widget_class_bind_template_child (widget_class, XqPositionEditor, ply_spin);
  gtk_widget_class_bind_template_child (widget_class, XqPositionEditor, fen_entry);
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    gtk_widget_class_bind_template_child_full (widget_class, tools[i], FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, board_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, point_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, clear_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_cb);
  gtk_widget_class_bind_template_callback (widget_class, flip_cb);
  gtk_widget_class_bind_template_callback (widget_class, side_cb);
  gtk_widget_class_bind_template_callback (widget_class, open_pgn_cb);
  gtk_widget_class_bind_template_callback (widget_class, ply_cb);
  gtk_widget_class_bind_template_callback (widget_class, fen_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_cb);
  gtk_widget_class_bind_template_callback (widget_class, paste_cb);

  /**
   * XqPositionEditor::changed:
   *
   * The position changed in any way.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
xq_position_editor_init (XqPositionEditor *self)
{
  static const char *const names[] = { "clear", "start", "flip", "pgn", "copy", "paste" };

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Tests and the exercise editor reach the tool buttons by name. */
  self->buttons = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *id = g_strconcat (names[i], "_button", NULL);
      g_hash_table_insert (self->buttons, (gpointer) names[i],
                           gtk_widget_get_template_child (GTK_WIDGET (self), XQ_TYPE_POSITION_EDITOR, id));
    }
  gtk_box_prepend (GTK_BOX (self->board_row), build_palette (self));
  update_palette_pictures (self);
  g_signal_connect_object (self->board, "notify::piece-set", G_CALLBACK (update_palette_pictures), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "notify::theme", G_CALLBACK (update_palette_pictures), self,
                           G_CONNECT_SWAPPED);
  start_cb (self);
}
