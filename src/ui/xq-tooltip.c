/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-tooltip"

#include "config.h"

#include "xq-tooltip.h"

#define FITTED_KEY "xq-tooltip-fitted"

GtkWidget *
xq_tooltip_label_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  /* Wrapped, but never narrower than the text needs up to the cap: the
   * natural width is the whole line, and the tooltip is sized to it. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), XQ_TOOLTIP_MAX_CHARS);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  return label;
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  const char *markup = gtk_widget_get_tooltip_markup (widget);
  GtkWidget *label;

  if (markup == NULL || *markup == '\0')
    return FALSE;
  label = xq_tooltip_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_tooltip_set_custom (tooltip, label);
  return TRUE;
}

void
xq_tooltip_fit (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (xq_tooltip_is_fitted (widget))
    return;
  g_object_set_data (G_OBJECT (widget), FITTED_KEY, GINT_TO_POINTER (1));
  g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
}

gboolean
xq_tooltip_is_fitted (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  return g_object_get_data (G_OBJECT (widget), FITTED_KEY) != NULL;
}

void
xq_tooltip_fit_tree (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));
  /* A widget with a query-tooltip handler of its own keeps what it does. */
  if (gtk_widget_get_tooltip_markup (root) != NULL &&
      !g_signal_has_handler_pending (root, g_signal_lookup ("query-tooltip", GTK_TYPE_WIDGET), 0, TRUE))
    xq_tooltip_fit (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    xq_tooltip_fit_tree (child);
}
