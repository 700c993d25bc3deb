/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-beside-layout"

#include "config.h"

#include "xq-beside-layout.h"

/* The two share a row only while the first keeps at least this width. */
#define WIDE_FIRST_MIN 400
#define COLUMN_SPACING 18

struct _XqBesideLayout
{
  GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (XqBesideLayout, xq_beside_layout, GTK_TYPE_LAYOUT_MANAGER)

static gboolean
is_wide (GtkWidget *first, GtkWidget *second, int width)
{
  int first_min, second_min;

  gtk_widget_measure (first, GTK_ORIENTATION_HORIZONTAL, -1, &first_min, NULL, NULL, NULL);
  gtk_widget_measure (second, GTK_ORIENTATION_HORIZONTAL, -1, &second_min, NULL, NULL, NULL);
  return width < 0 || width >= MAX (first_min, WIDE_FIRST_MIN) + COLUMN_SPACING + second_min;
}

static GtkSizeRequestMode
xq_beside_layout_get_request_mode (GtkLayoutManager *manager, GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
xq_beside_layout_measure (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          GtkOrientation    orientation,
                          int               for_size,
                          int              *minimum,
                          int              *natural,
                          int              *minimum_baseline,
                          int              *natural_baseline)
{
  GtkWidget *first = gtk_widget_get_first_child (widget);
  GtkWidget *second = gtk_widget_get_last_child (widget);
  int bmin, bnat, fmin, fnat;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (first, orientation, -1, &bmin, &bnat, NULL, NULL);
      gtk_widget_measure (second, orientation, -1, &fmin, &fnat, NULL, NULL);
      /* Stacked, the widget is as narrow as its wider part. */
      *minimum = MAX (bmin, fmin);
      *natural = bnat + COLUMN_SPACING + fnat;
      return;
    }
  if (is_wide (first, second, for_size))
    {
      int fwidth = -1, bwidth = -1;
      if (for_size >= 0)
        {
          gtk_widget_measure (second, GTK_ORIENTATION_HORIZONTAL, -1, &fwidth, NULL, NULL, NULL);
          bwidth = for_size - COLUMN_SPACING - fwidth;
        }
      gtk_widget_measure (first, orientation, bwidth, &bmin, &bnat, NULL, NULL);
      gtk_widget_measure (second, orientation, fwidth, &fmin, &fnat, NULL, NULL);
      *minimum = MAX (bmin, fmin);
      *natural = MAX (bnat, fnat);
    }
  else
    {
      gtk_widget_measure (first, orientation, for_size, &bmin, &bnat, NULL, NULL);
      gtk_widget_measure (second, orientation, for_size, &fmin, &fnat, NULL, NULL);
      *minimum = bmin + COLUMN_SPACING + fmin;
      *natural = bnat + COLUMN_SPACING + fnat;
    }
}

static void
xq_beside_layout_allocate (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           int               width,
                           int               height,
                           int               baseline)
{
  GtkWidget *first = gtk_widget_get_first_child (widget);
  GtkWidget *second = gtk_widget_get_last_child (widget);

  if (is_wide (first, second, width))
    {
      int fmin, fnat, bwant, fwidth;

      gtk_widget_measure (second, GTK_ORIENTATION_HORIZONTAL, -1, &fmin, &fnat, NULL, NULL);
      gtk_widget_measure (first, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &bwant, NULL, NULL);
      /* The first child takes what it likes; the second gets the rest of its natural width. */
      fwidth = CLAMP (width - COLUMN_SPACING - bwant, fmin, MAX (fmin, fnat));
      gtk_widget_size_allocate (first, &(GtkAllocation) { 0, 0, width - COLUMN_SPACING - fwidth, height }, -1);
      gtk_widget_size_allocate (second, &(GtkAllocation) { width - fwidth, 0, fwidth, height }, -1);
    }
  else
    {
      int bmin, bnat, fmin, bheight;

      gtk_widget_measure (first, GTK_ORIENTATION_VERTICAL, width, &bmin, &bnat, NULL, NULL);
      gtk_widget_measure (second, GTK_ORIENTATION_VERTICAL, width, &fmin, NULL, NULL, NULL);
      bheight = CLAMP (height - COLUMN_SPACING - fmin, bmin, MAX (bmin, bnat));
      gtk_widget_size_allocate (first, &(GtkAllocation) { 0, 0, width, bheight }, -1);
      gtk_widget_size_allocate (second, &(GtkAllocation) { 0, bheight + COLUMN_SPACING, width,
                                                         MAX (fmin, height - bheight - COLUMN_SPACING) }, -1);
    }
}

static void
xq_beside_layout_class_init (XqBesideLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = xq_beside_layout_get_request_mode;
  layout_class->measure = xq_beside_layout_measure;
  layout_class->allocate = xq_beside_layout_allocate;
}

static void
xq_beside_layout_init (XqBesideLayout *self)
{
}

GtkLayoutManager *
xq_beside_layout_new (void)
{
  return g_object_new (XQ_TYPE_BESIDE_LAYOUT, NULL);
}
