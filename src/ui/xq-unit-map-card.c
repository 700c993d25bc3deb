/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-unit-map"

#include "config.h"

#include "xq-unit-map-card.h"

/* The card's geometry, the one its boxes and labels had (xq-unit-map.c):
 * margins round the content, the gap between the lines, the number's disc
 * and the gap beside it. */
#define MARGIN_X   16
#define MARGIN_Y   14
#define LINE_GAP    8
#define DISC       56
#define DISC_GAP   12
/* The title is as wide as this many characters of its font, and wraps
 * within whatever width the card gets beyond that. */
#define TITLE_CHARS 18

/* libadwaita's type styles that the parts had as labels (title-1, title-4,
 * title-2, no class, heading): weight and size in points. */
static const struct {
  PangoWeight weight;
  int         points;   /* 0: the widget's own font */
} part_font[XQ_UNIT_MAP_CARD_N_PARTS] = {
  [XQ_UNIT_MAP_CARD_NUMBER] = { 800, 20 },
  [XQ_UNIT_MAP_CARD_TITLE] = { PANGO_WEIGHT_BOLD, 13 },
  [XQ_UNIT_MAP_CARD_STARS] = { 800, 15 },
  [XQ_UNIT_MAP_CARD_FACTS] = { PANGO_WEIGHT_NORMAL, 0 },
  [XQ_UNIT_MAP_CARD_STATUS] = { PANGO_WEIGHT_BOLD, 11 },
};

/* libadwaita's .dim-label */
#define DIM_OPACITY 0.55f

struct _XqUnitMapCard
{
  GtkWidget    parent_instance;

  char        *text[XQ_UNIT_MAP_CARD_N_PARTS];
  gboolean     current;
  /* Made when first measured and kept: each text is shaped once, and the
   * title again only when the card's width changes. */
  PangoLayout *layout[XQ_UNIT_MAP_CARD_N_PARTS];
  int          title_min;      /* TITLE_CHARS of the title's font, in pixels */
  int          title_width;    /* the width the title layout wraps at, or -1 */
  /* Stars just earned, flying in from below to the stars line. */
  int          fly_n;
  gint64       fly_start;
  guint        fly_tick;
  PangoLayout *fly_star;
};

/* How long one star takes, and how far behind the one before it the next
 * one starts. */
#define FLY_US    (900 * G_TIME_SPAN_MILLISECOND)
#define FLY_GAP   0.18

G_DEFINE_FINAL_TYPE (XqUnitMapCard, xq_unit_map_card, GTK_TYPE_WIDGET)

static void
drop_layouts (XqUnitMapCard *self)
{
  for (guint i = 0; i < XQ_UNIT_MAP_CARD_N_PARTS; i++)
    g_clear_object (&self->layout[i]);
  self->title_width = -1;
}

static void
ensure_layouts (XqUnitMapCard *self)
{
  PangoContext *context;
  const PangoFontDescription *base;

  if (self->layout[0] != NULL)
    return;
  context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  base = pango_context_get_font_description (context);
  for (guint i = 0; i < XQ_UNIT_MAP_CARD_N_PARTS; i++)
    {
      g_autoptr(PangoFontDescription) font = pango_font_description_copy (base);

      pango_font_description_set_weight (font, part_font[i].weight);
      if (part_font[i].points > 0)
        pango_font_description_set_size (font, part_font[i].points * PANGO_SCALE);
      self->layout[i] = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->text[i]);
      pango_layout_set_font_description (self->layout[i], font);
      if (i == XQ_UNIT_MAP_CARD_TITLE)
        {
          PangoFontMetrics *metrics =
            pango_context_get_metrics (context, font, pango_context_get_language (context));
          int char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                                pango_font_metrics_get_approximate_digit_width (metrics));

          pango_font_metrics_unref (metrics);

          pango_layout_set_wrap (self->layout[i], PANGO_WRAP_WORD);
          self->title_min = PANGO_PIXELS_CEIL (TITLE_CHARS * char_width);
        }
    }
  self->title_width = -1;
}

static int
part_height (XqUnitMapCard     *self,
             XqUnitMapCardPart  part)
{
  int height;

  pango_layout_get_pixel_size (self->layout[part], NULL, &height);
  return height;
}

/* Wraps the title at the width it gets in a card this wide. */
static void
set_title_width (XqUnitMapCard *self,
                 int            card_width)
{
  int width = MAX (self->title_min, card_width - 2 * MARGIN_X - DISC - DISC_GAP);

  if (width == self->title_width)
    return;
  self->title_width = width;
  pango_layout_set_width (self->layout[XQ_UNIT_MAP_CARD_TITLE], width * PANGO_SCALE);
}

static int
top_row_height (XqUnitMapCard *self)
{
  return MAX (DISC, part_height (self, XQ_UNIT_MAP_CARD_TITLE));
}

static void
xq_unit_map_card_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  XqUnitMapCard *self = XQ_UNIT_MAP_CARD (widget);

  ensure_layouts (self);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int width = DISC + DISC_GAP + self->title_min;

      for (guint i = XQ_UNIT_MAP_CARD_STARS; i < XQ_UNIT_MAP_CARD_N_PARTS; i++)
        {
          int w;

          pango_layout_get_pixel_size (self->layout[i], &w, NULL);
          width = MAX (width, w);
        }
      *minimum = *natural = width + 2 * MARGIN_X;
    }
  else
    {
      /* A card is measured at its minimum width unless told otherwise. */
      set_title_width (self, for_size >= 0 ? for_size : 0);
      *minimum = *natural = 2 * MARGIN_Y + top_row_height (self)
                            + part_height (self, XQ_UNIT_MAP_CARD_STARS)
                            + part_height (self, XQ_UNIT_MAP_CARD_FACTS)
                            + part_height (self, XQ_UNIT_MAP_CARD_STATUS) + 3 * LINE_GAP;
    }
}

static void
xq_unit_map_card_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  XqUnitMapCard *self = XQ_UNIT_MAP_CARD (widget);

  ensure_layouts (self);
  set_title_width (self, width);
}

/* GtkStyleContext is deprecated from GTK 4.10 on, but GTK 4.8 has no other
 * way to read a named colour or a widget's own colour. */
static GdkRGBA
named_color (GtkWidget  *widget,
             const char *name,
             const char *fallback)
{
  GdkRGBA color;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, &color))
    gdk_rgba_parse (&color, fallback);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return color;
}

static void
append_part (XqUnitMapCard     *self,
             GtkSnapshot       *snapshot,
             XqUnitMapCardPart  part,
             float              x,
             float              y,
             const GdkRGBA     *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, self->layout[part], color);
  gtk_snapshot_restore (snapshot);
}

/* Each star starts below the card, large, and shrinks as it flies to the
 * end of the stars line (to_x, to_y). */
static void
fly_snapshot (XqUnitMapCard *self,
              GtkSnapshot   *snapshot,
              float          to_x,
              float          to_y,
              const GdkRGBA *gold)
{
  double t = (double) (g_get_monotonic_time () - self->fly_start) / FLY_US;
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height = gtk_widget_get_height (GTK_WIDGET (self));
  int w, h;

  if (self->fly_star == NULL)
    {
      self->fly_star = gtk_widget_create_pango_layout (GTK_WIDGET (self), "★");
    }
  pango_layout_get_pixel_size (self->fly_star, &w, &h);
  for (int i = 0; i < self->fly_n; i++)
    {
      double p = CLAMP (t - i * FLY_GAP, 0.0, 1.0);
      double ease = 1 - (1 - p) * (1 - p);
      float x = (float) (width / 2.0 + (to_x - width / 2.0) * ease);
      float y = (float) (height + h + (to_y - height - h) * ease);
      float scale = (float) (3.0 - 2.0 * ease);

      if (p <= 0.0 || p >= 1.0)
        continue;
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
      gtk_snapshot_scale (snapshot, scale, scale);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-w / 2.f, -h / 2.f));
      gtk_snapshot_append_layout (snapshot, self->fly_star, gold);
      gtk_snapshot_restore (snapshot);
    }
}

static gboolean
fly_tick_cb (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       data)
{
  XqUnitMapCard *self = XQ_UNIT_MAP_CARD (widget);

  gtk_widget_queue_draw (widget);
  if (g_get_monotonic_time () - self->fly_start < FLY_US * (1 + FLY_GAP * self->fly_n))
    return G_SOURCE_CONTINUE;
  self->fly_n = 0;
  self->fly_tick = 0;
  return G_SOURCE_REMOVE;
}

void
xq_unit_map_card_fly_stars (XqUnitMapCard *self,
                            int            n)
{
  g_return_if_fail (XQ_IS_UNIT_MAP_CARD (self));

  self->fly_n = CLAMP (n, 0, 5);
  self->fly_start = g_get_monotonic_time ();
  if (self->fly_n > 0 && self->fly_tick == 0)
    self->fly_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), fly_tick_cb, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
xq_unit_map_card_get_flying (XqUnitMapCard *self)
{
  g_return_val_if_fail (XQ_IS_UNIT_MAP_CARD (self), 0);
  return self->fly_n;
}

static void
xq_unit_map_card_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  XqUnitMapCard *self = XQ_UNIT_MAP_CARD (widget);
  GdkRGBA fg, dim, disc_bg, disc_fg, stars, status;
  int width = gtk_widget_get_width (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  float y = MARGIN_Y, row = 0, disc_x, title_x;
  int w, h;
  GskRoundedRect disc;

  ensure_layouts (self);
  set_title_width (self, width);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  dim = fg;
  dim.alpha *= DIM_OPACITY;
  disc_bg = named_color (widget, "accent_bg_color", "#3584e4");
  disc_fg = named_color (widget, "accent_fg_color", "#ffffff");
  /* The stars' gold is the .xq-stars colour (xq-learn-page.c). */
  gdk_rgba_parse (&stars, "#e5a50a");
  status = self->current ? named_color (widget, "accent_color", "#1c71d8") : dim;

  /* Lines start at the leading edge: mirrored right to left. */
#define LEAD(x, w) (rtl ? width - (x) - (w) : (x))
  row = top_row_height (self);
  disc_x = LEAD (MARGIN_X, DISC);
  gsk_rounded_rect_init_from_rect (&disc, &GRAPHENE_RECT_INIT (disc_x, y + (row - DISC) / 2, DISC, DISC),
                                   DISC / 2);
  gtk_snapshot_push_rounded_clip (snapshot, &disc);
  gtk_snapshot_append_color (snapshot, &disc_bg, &disc.bounds);
  gtk_snapshot_pop (snapshot);
  pango_layout_get_pixel_size (self->layout[XQ_UNIT_MAP_CARD_NUMBER], &w, &h);
  append_part (self, snapshot, XQ_UNIT_MAP_CARD_NUMBER, disc_x + floorf ((DISC - w) / 2.f),
               y + floorf ((row - h) / 2), &disc_fg);

  pango_layout_get_pixel_size (self->layout[XQ_UNIT_MAP_CARD_TITLE], &w, &h);
  title_x = LEAD (MARGIN_X + DISC + DISC_GAP, w);
  append_part (self, snapshot, XQ_UNIT_MAP_CARD_TITLE, title_x, y + floorf ((row - h) / 2), &fg);
  y += row + LINE_GAP;

  for (guint i = XQ_UNIT_MAP_CARD_STARS; i < XQ_UNIT_MAP_CARD_N_PARTS; i++)
    {
      pango_layout_get_pixel_size (self->layout[i], &w, &h);
      append_part (self, snapshot, i, LEAD (MARGIN_X, w), y,
                   i == XQ_UNIT_MAP_CARD_STARS ? &stars : i == XQ_UNIT_MAP_CARD_FACTS ? &dim : &status);
      if (i == XQ_UNIT_MAP_CARD_STARS && self->fly_n > 0)
        fly_snapshot (self, snapshot, LEAD (MARGIN_X, w) + w, y + h / 2.f, &stars);
      y += h + LINE_GAP;
    }
#undef LEAD
}

static void
xq_unit_map_card_system_setting_changed (GtkWidget       *widget,
                                         GtkSystemSetting setting)
{
  XqUnitMapCard *self = XQ_UNIT_MAP_CARD (widget);

  GTK_WIDGET_CLASS (xq_unit_map_card_parent_class)->system_setting_changed (widget, setting);
  /* A new font, resolution or font configuration: lay the text out again. */
  drop_layouts (self);
  gtk_widget_queue_resize (widget);
}

static void
xq_unit_map_card_direction_changed (GtkWidget        *widget,
                                    GtkTextDirection  previous)
{
  drop_layouts (XQ_UNIT_MAP_CARD (widget));
  gtk_widget_queue_resize (widget);
}

static void
xq_unit_map_card_finalize (GObject *object)
{
  XqUnitMapCard *self = XQ_UNIT_MAP_CARD (object);

  drop_layouts (self);
  g_clear_object (&self->fly_star);
  for (guint i = 0; i < XQ_UNIT_MAP_CARD_N_PARTS; i++)
    g_free (self->text[i]);
  G_OBJECT_CLASS (xq_unit_map_card_parent_class)->finalize (object);
}

static void
xq_unit_map_card_class_init (XqUnitMapCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = xq_unit_map_card_finalize;
  widget_class->measure = xq_unit_map_card_measure;
  widget_class->size_allocate = xq_unit_map_card_size_allocate;
  widget_class->snapshot = xq_unit_map_card_snapshot;
  widget_class->system_setting_changed = xq_unit_map_card_system_setting_changed;
  widget_class->direction_changed = xq_unit_map_card_direction_changed;
  gtk_widget_class_set_css_name (widget_class, "xq-unit-card-face");
}

static void
xq_unit_map_card_init (XqUnitMapCard *self)
{
  self->title_width = -1;
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
xq_unit_map_card_new (const char *number,
                      const char *title,
                      const char *stars,
                      const char *facts,
                      const char *status,
                      gboolean    current)
{
  XqUnitMapCard *self = g_object_new (XQ_TYPE_UNIT_MAP_CARD, NULL);

  self->text[XQ_UNIT_MAP_CARD_NUMBER] = g_strdup (number);
  self->text[XQ_UNIT_MAP_CARD_TITLE] = g_strdup (title);
  self->text[XQ_UNIT_MAP_CARD_STARS] = g_strdup (stars);
  self->text[XQ_UNIT_MAP_CARD_FACTS] = g_strdup (facts);
  self->text[XQ_UNIT_MAP_CARD_STATUS] = g_strdup (status);
  self->current = current;
  return GTK_WIDGET (self);
}

const char *
xq_unit_map_card_get_text (XqUnitMapCard     *self,
                           XqUnitMapCardPart  part)
{
  g_return_val_if_fail (XQ_IS_UNIT_MAP_CARD (self), NULL);
  g_return_val_if_fail (part < XQ_UNIT_MAP_CARD_N_PARTS, NULL);
  return self->text[part];
}
