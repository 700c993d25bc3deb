/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-notice-bar"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xq-notice-bar.h"

struct _XqNoticeBar
{
  GtkWidget parent_instance;

  GtkWidget *revealer;
  GtkWidget *label;
  char      *text;
};

G_DEFINE_FINAL_TYPE (XqNoticeBar, xq_notice_bar, GTK_TYPE_WIDGET)

/* Every bar shows the same notices: a damaged file found by one page (the
 * Learn page loads the learner at start-up) must still be seen on the page
 * the person is looking at.  Dismissed on one, gone from all. */
static GtkStringList *
shared_texts (void)
{
  static GtkStringList *texts;

  if (texts == NULL)
    texts = gtk_string_list_new (NULL);
  return texts;
}

static GtkStringList *
shared_details (void)
{
  static GtkStringList *details;

  if (details == NULL)
    details = gtk_string_list_new (NULL);
  return details;
}

static char *
join (GtkStringList *list)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  for (guint i = 0; i < n; i++)
    {
      const char *item = gtk_string_list_get_string (list, i);
      if (*item == '\0')
        continue;
      g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "", item);
    }
  return out->len > 0 ? g_strdup (out->str) : NULL;
}

static void
sync_cb (XqNoticeBar *self)
{
  g_autofree char *details = join (shared_details ());

  g_clear_pointer (&self->text, g_free);
  self->text = join (shared_texts ());
  gtk_label_set_text (GTK_LABEL (self->label), self->text ? self->text : "");
  gtk_widget_set_tooltip_text (self->label, details);
  gtk_widget_set_visible (GTK_WIDGET (self), self->text != NULL);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), self->text != NULL);
}

void
xq_notice_bar_add (XqNoticeBar *self, const char *text, const char *detail)
{
  g_return_if_fail (XQ_IS_NOTICE_BAR (self));
  g_return_if_fail (text != NULL);

  /* Details first: the texts' change redraws every bar. */
  gtk_string_list_append (shared_details (), detail ? detail : "");
  gtk_string_list_append (shared_texts (), text);
}

static void
notice_cb (const XqProgressNotice *notice, gpointer user_data)
{
  g_autofree char *text = xq_progress_notice_describe (notice);

  xq_notice_bar_add (XQ_NOTICE_BAR (user_data), text, notice->problem);
}

void
xq_notice_bar_watch (XqNoticeBar *self, XqProgressStore *store)
{
  g_return_if_fail (XQ_IS_NOTICE_BAR (self));
  g_return_if_fail (store != NULL);
  xq_progress_store_set_notice_func (store, notice_cb, self);
}

void
xq_notice_bar_dismiss (XqNoticeBar *self)
{
  g_return_if_fail (XQ_IS_NOTICE_BAR (self));
  gtk_string_list_splice (shared_details (), 0, g_list_model_get_n_items (G_LIST_MODEL (shared_details ())), NULL);
  gtk_string_list_splice (shared_texts (), 0, g_list_model_get_n_items (G_LIST_MODEL (shared_texts ())), NULL);
}

const char *
xq_notice_bar_get_text (XqNoticeBar *self)
{
  g_return_val_if_fail (XQ_IS_NOTICE_BAR (self), NULL);
  return self->text;
}

static void
xq_notice_bar_dispose (GObject *object)
{
  XqNoticeBar *self = XQ_NOTICE_BAR (object);

  g_clear_pointer (&self->revealer, gtk_widget_unparent);
  G_OBJECT_CLASS (xq_notice_bar_parent_class)->dispose (object);
}

static void
xq_notice_bar_finalize (GObject *object)
{
  XqNoticeBar *self = XQ_NOTICE_BAR (object);

  g_free (self->text);
  G_OBJECT_CLASS (xq_notice_bar_parent_class)->finalize (object);
}

static void
xq_notice_bar_class_init (XqNoticeBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_notice_bar_dispose;
  object_class->finalize = xq_notice_bar_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-notice-bar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_ALERT);
}

static void
xq_notice_bar_init (XqNoticeBar *self)
{
  GtkWidget *box, *icon, *button;

  self->revealer = gtk_revealer_new ();
  gtk_widget_set_parent (self->revealer, GTK_WIDGET (self));
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_add_css_class (box, "xq-notice");
  icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  self->label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->label), 0);
  gtk_widget_set_hexpand (self->label, TRUE);
  gtk_label_set_selectable (GTK_LABEL (self->label), TRUE);
  button = gtk_button_new_with_mnemonic (_("_Dismiss"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (xq_notice_bar_dismiss), self);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), self->label);
  gtk_box_append (GTK_BOX (box), button);
  gtk_revealer_set_child (GTK_REVEALER (self->revealer), box);
  g_signal_connect_object (shared_texts (), "items-changed", G_CALLBACK (sync_cb), self, G_CONNECT_SWAPPED);
  sync_cb (self);
}

GtkWidget *
xq_notice_bar_new (void)
{
  return g_object_new (XQ_TYPE_NOTICE_BAR, NULL);
}
