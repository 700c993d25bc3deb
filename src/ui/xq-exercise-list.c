/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-exercise-list"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-exercise-list.h"

#define APP_PATH "/io/github/xiangqi_tutor/XiangqiTutor"

struct _XqExerciseList
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget        *button;
  GtkPopover       *popover;
  GtkListBox       *list;

  /* Borrowed from the player */
  const XqUnit     *unit;
  const XqProgress *progress;
  guint             first_step;
  guint             current;
};

G_DEFINE_FINAL_TYPE (XqExerciseList, xq_exercise_list, GTK_TYPE_WIDGET)

enum { STEP_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static GtkWidget *
exercise_row (const XqExercise *ex, guint i, int best)
{
  g_autofree char *num = g_strdup_printf ("%u", i + 1);
  g_autofree char *stars = xq_progress_stars_text (best, 3);
  g_autofree char *a11y = NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *number = gtk_label_new (num);
  GtkWidget *prompt = gtk_label_new (ex->prompt);
  GtkWidget *earned = gtk_label_new (stars);

  gtk_widget_add_css_class (number, "dim-label");
  gtk_label_set_width_chars (GTK_LABEL (number), 2);
  gtk_label_set_xalign (GTK_LABEL (number), 1);
  /* Two lines, not one cut short: at 600 px the list must still say
   * which exercise is which, and stay inside the window. */
  gtk_label_set_wrap (GTK_LABEL (prompt), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (prompt), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (prompt), 2);
  gtk_label_set_ellipsize (GTK_LABEL (prompt), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (prompt), 48);
  gtk_label_set_width_chars (GTK_LABEL (prompt), 46);
  gtk_label_set_xalign (GTK_LABEL (prompt), 0);
  /* A prompt that teaches before it asks (issue 32: the pages a unit no
   * longer opens with went into the exercise they introduce) is longer
   * than two lines: the whole of it is the row's tooltip. */
  gtk_widget_set_tooltip_text (prompt, ex->prompt);
  gtk_widget_set_hexpand (prompt, TRUE);
  gtk_widget_add_css_class (earned, "xq-stars");
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), prompt);
  gtk_box_append (GTK_BOX (box), earned);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* Translators: a row of the list of a unit's exercises, for screen
   * readers: number, prompt, stars earned */
  a11y = g_strdup_printf (_("Exercise %u: %s, %d of 3 stars"), i + 1, ex->prompt, best);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  return row;
}

static void
fill (XqExerciseList *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; self->unit != NULL && i < self->unit->exercises->len; i++)
    {
      const XqExercise *ex = g_ptr_array_index (self->unit->exercises, i);
      int best = self->progress != NULL ? xq_progress_get_stars (self->progress, self->unit->id, ex->id) : 0;
      GtkWidget *row = exercise_row (ex, i, best);

      gtk_list_box_append (self->list, row);
      if (self->current == self->first_step + i)
        gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (row));
    }
}

static void
shown_cb (XqExerciseList *self)
{
  fill (self);
}

static void
row_cb (XqExerciseList *self, GtkListBoxRow *row)
{
  guint step = self->first_step + (guint) gtk_list_box_row_get_index (row);

  gtk_popover_popdown (self->popover);
  if (self->unit != NULL)
    g_signal_emit (self, signals[STEP_CHOSEN], 0, step);
}

GtkWidget *
xq_exercise_list_new (void)
{
  return g_object_new (XQ_TYPE_EXERCISE_LIST, NULL);
}

void
xq_exercise_list_set_unit (XqExerciseList *self, const XqUnit *unit, const XqProgress *progress,
                           guint first_step, guint current)
{
  g_return_if_fail (XQ_IS_EXERCISE_LIST (self));
  self->unit = unit;
  self->progress = progress;
  self->first_step = first_step;
  self->current = current;
}

GtkListBox *
xq_exercise_list_get_box (XqExerciseList *self)
{
  g_return_val_if_fail (XQ_IS_EXERCISE_LIST (self), NULL);
  fill (self);
  return self->list;
}

static void
xq_exercise_list_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_EXERCISE_LIST);
  G_OBJECT_CLASS (xq_exercise_list_parent_class)->dispose (object);
}

static void
xq_exercise_list_class_init (XqExerciseListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_exercise_list_dispose;
  signals[STEP_CHOSEN] = g_signal_new ("step-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                       NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-exercise-list.ui");
  gtk_widget_class_bind_template_child (widget_class, XqExerciseList, button);
  gtk_widget_class_bind_template_child (widget_class, XqExerciseList, popover);
  gtk_widget_class_bind_template_child (widget_class, XqExerciseList, list);
  gtk_widget_class_bind_template_callback (widget_class, shown_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
xq_exercise_list_init (XqExerciseList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
