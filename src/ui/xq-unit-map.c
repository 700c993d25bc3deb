/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-unit-map"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-unit-map.h"
#include "xq-unit-map-card.h"

struct _XqUnitMap
{
  GtkWidget parent_instance;

  GtkWidget        *scroller;
  GtkWidget        *flow;
  GtkWidget        *own_heading;   /* "Your teacher’s units" */
  GtkWidget        *own_flow;      /* cards of units past n_builtin */
  GtkWidget        *problems;      /* lesson files that failed to load */
  guint             n_builtin;
  GPtrArray        *cards;     /* GtkWidget* (borrowed), one per unit */
  GPtrArray        *units;     /* XqUnit* (borrowed) */
  const XqProgress *progress;
};

G_DEFINE_FINAL_TYPE (XqUnitMap, xq_unit_map, GTK_TYPE_WIDGET)

enum {
  UNIT_ACTIVATED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static int
unit_stars (XqUnitMap *self,
            guint      index,
            int       *n_done,
            int       *max_stars)
{
  const XqUnit *unit = g_ptr_array_index (self->units, index);
  int done = 0, stars = 0;

  if (self->progress != NULL)
    stars = xq_progress_unit_stars (self->progress, unit->id, &done);
  if (n_done)
    *n_done = done;
  if (max_stars)
    *max_stars = 3 * (int) unit->exercises->len;
  return stars;
}

int
xq_unit_map_get_current (XqUnitMap *self)
{
  g_return_val_if_fail (XQ_IS_UNIT_MAP (self), -1);

  if (self->units == NULL || self->units->len == 0)
    return -1;
  for (guint i = 0; i < self->units->len; i++)
    {
      const XqUnit *unit = g_ptr_array_index (self->units, i);
      int done;

      unit_stars (self, i, &done, NULL);
      if (done < (int) unit->exercises->len)
        return (int) i;
    }
  return (int) self->units->len - 1;
}

static void
card_clicked_cb (GtkButton *button,
                 XqUnitMap *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "unit-index"));

  g_signal_emit (self, signals[UNIT_ACTIVATED], 0, index);
}

static GtkWidget *
make_card (XqUnitMap *self,
           guint      index,
           gboolean   current)
{
  const XqUnit *unit = g_ptr_array_index (self->units, index);
  GtkWidget *button;
  const char *status;
  g_autofree char *num = NULL;
  g_autofree char *count = NULL;
  g_autofree char *a11y = NULL;
  g_autofree char *stars_row = NULL;
  int done, max, stars = unit_stars (self, index, &done, &max);
  int n_ex = (int) unit->exercises->len;
  /* The card's three stars are the unit's average, rounded up once any
   * exercise has been done, so a first success shows at once. */
  int shown = n_ex > 0 ? (stars + n_ex - 1) / n_ex : 0;

  button = gtk_button_new ();
  gtk_widget_add_css_class (button, "card");
  gtk_widget_add_css_class (button, "xq-unit-card");
  if (current)
    gtk_widget_add_css_class (button, "xq-current-unit");
  g_object_set_data (G_OBJECT (button), "unit-index", GUINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", G_CALLBACK (card_clicked_cb), self);

  num = g_strdup_printf ("%d", unit->number);
  stars_row = xq_progress_stars_text (shown, 3);
  /* Every card says the same things: the stars earned of the stars
   * possible, how many exercises are done, and where the unit stands. */
  /* Translators: on a unit card: exercises done of all, stars earned of
   * all, e.g. "3 of 14 done · 8 of 42 ★" */
  count = g_strdup_printf (_("%d of %d done · %d of %d ★"), done, n_ex, stars, max);
  if (done >= n_ex && n_ex > 0)
    status = _("Done!");
  else if (current)
    /* Translators: on the unit card the child should open next */
    status = done == 0 ? _("Start here!") : _("Keep going!");
  else
    status = done == 0 ? _("Not started yet") : _("Keep going!");
  gtk_button_set_child (GTK_BUTTON (button),
                        xq_unit_map_card_new (num, unit->title, stars_row, count, status, current));
  /* Translators: what a screen reader says for a unit card: number, title,
   * stars earned, stars possible */
  a11y = g_strdup_printf (_("Unit %d, %s: %d of %d stars"), unit->number, unit->title, stars, max);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  return button;
}

void
xq_unit_map_refresh (XqUnitMap *self)
{
  GtkWidget *child;
  int current;

  g_return_if_fail (XQ_IS_UNIT_MAP (self));

  while ((child = gtk_widget_get_first_child (self->flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->flow), child);
  while ((child = gtk_widget_get_first_child (self->own_flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->own_flow), child);
  g_ptr_array_set_size (self->cards, 0);
  gtk_widget_set_visible (self->own_heading, FALSE);
  gtk_widget_set_visible (self->own_flow, FALSE);
  if (self->units == NULL)
    return;

  current = xq_unit_map_get_current (self);
  for (guint i = 0; i < self->units->len; i++)
    {
      GtkWidget *card = make_card (self, i, (int) i == current);
      gboolean own = i >= self->n_builtin;

      gtk_flow_box_append (GTK_FLOW_BOX (own ? self->own_flow : self->flow), card);
      g_ptr_array_add (self->cards, card);
      if (own)
        {
          gtk_widget_set_visible (self->own_heading, TRUE);
          gtk_widget_set_visible (self->own_flow, TRUE);
        }
    }
}

void
xq_unit_map_set_builtin_count (XqUnitMap *self,
                               guint      n)
{
  g_return_if_fail (XQ_IS_UNIT_MAP (self));

  /* No refresh here: the caller is usually about to hand over new units,
   * and the old ones may already be gone. */
  self->n_builtin = n;
}

void
xq_unit_map_set_problems (XqUnitMap  *self,
                          const char *text)
{
  g_return_if_fail (XQ_IS_UNIT_MAP (self));

  gtk_label_set_text (GTK_LABEL (self->problems), text ? text : "");
  gtk_widget_set_visible (self->problems, text != NULL && *text != '\0');
}

GtkWidget *
xq_unit_map_get_own_heading (XqUnitMap *self)
{
  g_return_val_if_fail (XQ_IS_UNIT_MAP (self), NULL);
  return self->own_heading;
}

GtkWidget *
xq_unit_map_get_problems_label (XqUnitMap *self)
{
  g_return_val_if_fail (XQ_IS_UNIT_MAP (self), NULL);
  return self->problems;
}

static void
xq_unit_map_dispose (GObject *object)
{
  XqUnitMap *self = XQ_UNIT_MAP (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (xq_unit_map_parent_class)->dispose (object);
}

static void
xq_unit_map_finalize (GObject *object)
{
  XqUnitMap *self = XQ_UNIT_MAP (object);

  g_clear_pointer (&self->cards, g_ptr_array_unref);
  G_OBJECT_CLASS (xq_unit_map_parent_class)->finalize (object);
}

static void
xq_unit_map_class_init (XqUnitMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_unit_map_dispose;
  object_class->finalize = xq_unit_map_finalize;

  /**
   * XqUnitMap::unit-activated:
   * @index: the unit's place in the list
   *
   * The learner opened a unit.
   */
  signals [UNIT_ACTIVATED] =
    g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-unit-map");
}

static void
xq_unit_map_init (XqUnitMap *self)
{
  GtkWidget *clamp;

  self->cards = g_ptr_array_new ();
  self->n_builtin = G_MAXUINT;
  /* A layout-manager widget does not pass its child's expand flags on. */
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_widget_set_vexpand (self->scroller, TRUE);

  self->flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->flow), FALSE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->flow), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->flow), 4);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->flow), 18);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->flow), 18);
  gtk_widget_set_valign (self->flow, GTK_ALIGN_START);
  gtk_widget_set_margin_start (self->flow, 24);
  gtk_widget_set_margin_end (self->flow, 24);
  gtk_widget_set_margin_top (self->flow, 12);
  gtk_widget_set_margin_bottom (self->flow, 24);

  self->own_flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->own_flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (self->own_flow), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->own_flow), 4);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->own_flow), 18);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->own_flow), 18);
  gtk_widget_set_valign (self->own_flow, GTK_ALIGN_START);
  gtk_widget_set_margin_start (self->own_flow, 24);
  gtk_widget_set_margin_end (self->own_flow, 24);
  gtk_widget_set_margin_bottom (self->own_flow, 24);

  /* Translators: heading above the units a teacher wrote in the Teach page */
  self->own_heading = gtk_label_new (_("Your teacher’s units"));
  gtk_widget_add_css_class (self->own_heading, "title-3");
  gtk_label_set_xalign (GTK_LABEL (self->own_heading), 0);
  gtk_widget_set_margin_start (self->own_heading, 24);
  gtk_widget_set_margin_bottom (self->own_heading, 6);

  self->problems = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->problems, "error");
  gtk_label_set_wrap (GTK_LABEL (self->problems), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->problems), 0);
  gtk_label_set_selectable (GTK_LABEL (self->problems), TRUE);
  gtk_widget_set_margin_start (self->problems, 24);
  gtk_widget_set_margin_end (self->problems, 24);
  gtk_widget_set_visible (self->problems, FALSE);

  clamp = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (clamp), self->problems);
  gtk_box_append (GTK_BOX (clamp), self->flow);
  gtk_box_append (GTK_BOX (clamp), self->own_heading);
  gtk_box_append (GTK_BOX (clamp), self->own_flow);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), clamp);
}

GtkWidget *
xq_unit_map_new (void)
{
  return g_object_new (XQ_TYPE_UNIT_MAP, NULL);
}

void
xq_unit_map_set_units (XqUnitMap *self,
                       GPtrArray *units)
{
  g_return_if_fail (XQ_IS_UNIT_MAP (self));

  self->units = units;
  xq_unit_map_refresh (self);
}

void
xq_unit_map_set_progress (XqUnitMap        *self,
                          const XqProgress *progress)
{
  g_return_if_fail (XQ_IS_UNIT_MAP (self));

  self->progress = progress;
  xq_unit_map_refresh (self);
}

GtkWidget *
xq_unit_map_get_card (XqUnitMap *self,
                      guint      index)
{
  g_return_val_if_fail (XQ_IS_UNIT_MAP (self), NULL);
  g_return_val_if_fail (index < self->cards->len, NULL);
  return g_ptr_array_index (self->cards, index);
}

int
xq_unit_map_get_stars (XqUnitMap *self,
                       guint      index,
                       int       *max_stars)
{
  g_return_val_if_fail (XQ_IS_UNIT_MAP (self), 0);
  g_return_val_if_fail (self->units != NULL && index < self->units->len, 0);
  return unit_stars (self, index, NULL, max_stars);
}
