/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-game-day-page"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-board-paint.h"
#include "xq-game-day-page.h"

/* The rules page's picture of the start: the same shuffle every time, so
 * the page does not change under a reader. */
#define PICTURE_SEED 1
#define PICTURE_WIDTH 520
#define PICTURE_PLIES 8
#define LEGEND_PX 40

struct _XqGameDayPage
{
  AdwBin parent_instance;

  /* Template widgets */
  GtkStack      *stack;
  GtkListBox    *games_list;
  GtkLabel      *note_label;
  GtkButton     *rules_back_button;
  GtkLabel      *rules_title;
  GtkPicture    *rules_picture;
  GtkPicture    *later_picture;
  GtkWidget     *legend_box;
  GtkLabel      *rules_label;
  GtkWidget     *options_box;
  GtkDropDown   *opponent_dropdown;
  GtkButton     *play_button;
  GtkButton     *play_back_button;
  XqVariantPlay *play;

  XqVariantOptions opts;
  char          *rules_text;
  XqRenderStyle  style;
};

G_DEFINE_FINAL_TYPE (XqGameDayPage, xq_game_day_page, ADW_TYPE_BIN)

/* ---- Pictures ----------------------------------------------------------------- */

static GdkTexture *
surface_texture (cairo_surface_t *surface)
{
  GdkTexture *texture = xq_board_paint_texture_for_surface (surface);

  cairo_surface_destroy (surface);
  return texture;
}

static void
set_picture (XqGameDayPage *self, GtkPicture *picture, const XqVariantState *st, int width)
{
  g_autoptr(XqRenderCache) cache = xq_render_cache_new ();
  g_autoptr(GdkTexture) texture = NULL;
  XqVariantState v;
  XqScene scene;
  int scale = MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  int h;

  /* Pictures show what a player sees: backs stay backs. */
  xq_variant_state_view (st, XQ_RED, &v);
  xq_scene_set_variant (&scene, &v);
  h = (int) (width / xq_scene_aspect_ratio (scene.shape));
  texture = surface_texture (xq_render_cache_compose_scene (cache, &scene, &self->style, NULL,
                                                            width * scale, h * scale));
  gtk_picture_set_paintable (picture, GDK_PAINTABLE (texture));
  gtk_widget_set_size_request (GTK_WIDGET (picture), width, h);
}

/* The start, and the same game a few actions in (the same actions every
 * time, so the page does not change under a reader). */
static void
update_picture (XqGameDayPage *self)
{
  g_autoptr(XqVariantGame) game = xq_variant_game_new (&self->opts, PICTURE_SEED);
  g_autofree XqVariantAction *acts = g_new (XqVariantAction, XQ_VARIANT_MAX_ACTIONS);
  int width = xq_variant_kind_is_half (self->opts.kind) ? PICTURE_WIDTH : PICTURE_WIDTH * 3 / 4;

  set_picture (self, self->rules_picture, xq_variant_game_get_state (game), width);
  for (guint i = 0; i < PICTURE_PLIES; i++)
    {
      XqVariantState v;
      int n;

      xq_variant_game_get_view (game, &v);
      n = xq_variant_legal_actions (&v, &self->opts, acts);
      if (n == 0 || !xq_variant_game_play (game, &acts[(i * 7 + 3) % (guint) n], NULL))
        break;
    }
  set_picture (self, self->later_picture, xq_variant_game_get_state (game), width * 2 / 3);
}

static void
add_legend (XqGameDayPage *self, XqToken token, const char *text)
{
  int scale = MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  g_autoptr(GdkTexture) texture = xq_board_paint_token_texture (&token, &self->style, LEGEND_PX * scale);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (text);

  if (texture != NULL)
    {
      GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
      gtk_widget_set_size_request (picture, LEGEND_PX, LEGEND_PX);
      gtk_box_append (GTK_BOX (row), picture);
    }
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (self->legend_box), row);
}

/* The key to the pictures: the table's lines for the game (xq_variant_kind_legend). */
static void
update_legend (XqGameDayPage *self)
{
  GtkWidget *child;
  const XqVariantLegend *legend;
  int n;

  while ((child = gtk_widget_get_first_child (self->legend_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->legend_box), child);
  legend = xq_variant_kind_legend (self->opts.kind, &n);
  for (int i = 0; i < n; i++)
    add_legend (self, xq_token_for_variant_legend (self->opts.kind, &legend[i]),
                xq_variant_legend_text (&legend[i]));
}

/* ---- Options --------------------------------------------------------------------- */

static void update_rules (XqGameDayPage *self);

static void
option_toggled_cb (GtkCheckButton *check,
                   XqGameDayPage  *self)
{
  XqVariantFlag flag = (XqVariantFlag) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (check), "option"));

  xq_variant_options_set_flag (&self->opts, flag, gtk_check_button_get_active (check));
  update_rules (self);
  update_picture (self);
}

/* A check box for every option the game's line in the table offers. */
static void
build_options (XqGameDayPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->options_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->options_box), child);
  for (int f = 0; f < XQ_VARIANT_N_FLAGS; f++)
    {
      GtkWidget *check;

      if (!xq_variant_kind_has_flag (self->opts.kind, (XqVariantFlag) f))
        continue;
      check = gtk_check_button_new_with_mnemonic (xq_variant_flag_label ((XqVariantFlag) f));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   xq_variant_options_get_flag (&self->opts, (XqVariantFlag) f));
      g_object_set_data (G_OBJECT (check), "option", GINT_TO_POINTER (f));
      g_signal_connect (check, "toggled", G_CALLBACK (option_toggled_cb), self);
      gtk_box_append (GTK_BOX (self->options_box), check);
    }
  gtk_widget_set_visible (self->options_box, gtk_widget_get_first_child (self->options_box) != NULL);
}

static void
update_rules (XqGameDayPage *self)
{
  g_free (self->rules_text);
  self->rules_text = xq_variant_rules_text (&self->opts);
  gtk_label_set_label (self->rules_label, self->rules_text);
}

/* The rules page of self->opts. */
static void
show_rules (XqGameDayPage *self)
{
  gtk_label_set_label (self->rules_title, xq_variant_kind_name (self->opts.kind));
  update_rules (self);
  build_options (self);
  update_picture (self);
  update_legend (self);
  gtk_stack_set_visible_child_name (self->stack, "rules");
}

/* ---- Navigation ------------------------------------------------------------------- */

void
xq_game_day_page_show_list (XqGameDayPage *self)
{
  g_return_if_fail (XQ_IS_GAME_DAY_PAGE (self));
  gtk_stack_set_visible_child_name (self->stack, "list");
}

void
xq_game_day_page_open_rules (XqGameDayPage *self, XqVariantKind kind)
{
  g_return_if_fail (XQ_IS_GAME_DAY_PAGE (self));
  g_return_if_fail ((guint) kind < XQ_VARIANT_N_KINDS);
  xq_variant_options_init (&self->opts, kind);
  show_rules (self);
}

void
xq_game_day_page_play (XqGameDayPage *self, int level, guint32 seed)
{
  g_return_if_fail (XQ_IS_GAME_DAY_PAGE (self));
  gtk_drop_down_set_selected (self->opponent_dropdown, (guint) CLAMP (level, 0, XQ_VARIANT_ENGINE_MAX_LEVEL));
  xq_variant_play_start (self->play, &self->opts, level, seed != 0 ? seed : g_random_int ());
  gtk_stack_set_visible_child_name (self->stack, "play");
}

static void
play_clicked_cb (XqGameDayPage *self)
{
  xq_game_day_page_play (self, (int) gtk_drop_down_get_selected (self->opponent_dropdown), 0);
}

static void
rules_back_cb (XqGameDayPage *self)
{
  xq_game_day_page_show_list (self);
}

static void
play_back_cb (XqGameDayPage *self)
{
  const XqVariantGame *game = xq_variant_play_get_game (self->play);

  /* Back to the rules of the game being played (it may have been opened
   * from a file). */
  if (game != NULL)
    self->opts = *xq_variant_game_get_options (game);
  show_rules (self);
}

static void
row_activated_cb (GtkListBox    *list,
                  GtkListBoxRow *row,
                  XqGameDayPage *self)
{
  xq_game_day_page_open_rules (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "kind")));
}

static void
build_list (XqGameDayPage *self)
{
  for (int i = 0; i < XQ_VARIANT_N_KINDS; i++)
    {
      XqVariantKind kind = (XqVariantKind) i;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), xq_variant_kind_name (kind));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), xq_variant_kind_summary (kind));
      /* A reader of the English page still meets the game's own name. */
      if (g_str_is_ascii (xq_variant_kind_name (kind)))
        {
          GtkWidget *original = gtk_label_new (xq_variant_kind_original_name (kind));
          gtk_widget_add_css_class (original, "dim-label");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), original);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "kind", GINT_TO_POINTER (kind));
      gtk_list_box_append (self->games_list, row);
    }
}

/* ---- Public ------------------------------------------------------------------------- */

const char *
xq_game_day_page_get_view (XqGameDayPage *self)
{
  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

const char *
xq_game_day_page_get_rules_text (XqGameDayPage *self)
{
  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), NULL);
  return self->rules_text ? self->rules_text : "";
}

const XqVariantOptions *
xq_game_day_page_get_options (XqGameDayPage *self)
{
  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), NULL);
  return &self->opts;
}

GdkPaintable *
xq_game_day_page_get_picture (XqGameDayPage *self, int index)
{
  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), NULL);
  return gtk_picture_get_paintable (index == 0 ? self->rules_picture : self->later_picture);
}

int
xq_game_day_page_get_n_games (XqGameDayPage *self)
{
  int n = 0;

  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), 0);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->games_list)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

static GtkWidget *
nth_child (GtkWidget *parent, int index)
{
  GtkWidget *c = gtk_widget_get_first_child (parent);

  for (int i = 0; c != NULL && i < index; i++)
    c = gtk_widget_get_next_sibling (c);
  return c;
}

static int
n_children (GtkWidget *parent)
{
  int n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (parent); c != NULL; c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

XqVariantKind
xq_game_day_page_get_game_kind (XqGameDayPage *self, int index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), XQ_VARIANT_N_KINDS);
  row = gtk_list_box_get_row_at_index (self->games_list, index);
  return row != NULL ? (XqVariantKind) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "kind"))
                     : XQ_VARIANT_N_KINDS;
}

const char *
xq_game_day_page_get_game_title (XqGameDayPage *self, int index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), NULL);
  row = gtk_list_box_get_row_at_index (self->games_list, index);
  return row != NULL ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) : NULL;
}

int
xq_game_day_page_get_n_options (XqGameDayPage *self)
{
  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), 0);
  return n_children (self->options_box);
}

GtkCheckButton *
xq_game_day_page_get_option (XqGameDayPage *self, int index)
{
  GtkWidget *c;

  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), NULL);
  c = nth_child (self->options_box, index);
  return c != NULL ? GTK_CHECK_BUTTON (c) : NULL;
}

int
xq_game_day_page_get_n_legend (XqGameDayPage *self)
{
  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), 0);
  return n_children (self->legend_box);
}

const char *
xq_game_day_page_get_note (XqGameDayPage *self)
{
  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), NULL);
  return gtk_label_get_label (self->note_label);
}

XqVariantPlay *
xq_game_day_page_get_play (XqGameDayPage *self)
{
  g_return_val_if_fail (XQ_IS_GAME_DAY_PAGE (self), NULL);
  return self->play;
}

/* The rules pictures and the legend show the pieces as the board does. */
static void
board_style_cb (XqGameDayPage *self)
{
  XqVariantBoard *board = xq_variant_play_get_board (self->play);

  g_object_get (board, "piece-set", &self->style.pieces, "theme", &self->style.theme, NULL);
  update_picture (self);
  update_legend (self);
}

/* ---- GObject ---------------------------------------------------------------------------- */

static void
xq_game_day_page_finalize (GObject *object)
{
  XqGameDayPage *self = XQ_GAME_DAY_PAGE (object);

  g_free (self->rules_text);
  G_OBJECT_CLASS (xq_game_day_page_parent_class)->finalize (object);
}

static void
xq_game_day_page_class_init (XqGameDayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = xq_game_day_page_finalize;
  g_type_ensure (XQ_TYPE_VARIANT_PLAY);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/xiangqi_tutor/XiangqiTutor/ui/xq-game-day-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, stack);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, games_list);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, note_label);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, rules_back_button);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, rules_title);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, rules_picture);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, later_picture);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, legend_box);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, rules_label);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, options_box);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, opponent_dropdown);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, play_button);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, play_back_button);
  gtk_widget_class_bind_template_child (widget_class, XqGameDayPage, play);
}

static void
xq_game_day_page_init (XqGameDayPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  xq_render_style_init (&self->style);
  g_object_get (xq_variant_play_get_board (self->play), "piece-set", &self->style.pieces,
                "theme", &self->style.theme, NULL);
  xq_variant_options_init (&self->opts, XQ_VARIANT_BANQI);
  gtk_label_set_label (self->note_label, xq_variant_missing_note ());
  build_list (self);
  g_signal_connect (self->games_list, "row-activated", G_CALLBACK (row_activated_cb), self);
  g_signal_connect_swapped (self->rules_back_button, "clicked", G_CALLBACK (rules_back_cb), self);
  g_signal_connect_swapped (self->play_back_button, "clicked", G_CALLBACK (play_back_cb), self);
  g_signal_connect_swapped (self->play_button, "clicked", G_CALLBACK (play_clicked_cb), self);
  g_signal_connect_swapped (xq_variant_play_get_board (self->play), "notify::piece-set",
                            G_CALLBACK (board_style_cb), self);
  g_signal_connect_swapped (xq_variant_play_get_board (self->play), "notify::theme",
                            G_CALLBACK (board_style_cb), self);
}
