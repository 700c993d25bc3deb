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
  GString   *text;
  GString   *detail;
};

G_DEFINE_FINAL_TYPE (XqNoticeBar, xq_notice_bar, GTK_TYPE_WIDGET)

static const char style_css[] =
  ".xq-notice { background: alpha(@warning_color, 0.2); border-radius: 12px;"
  "  padding: 10px 14px; margin: 12px 24px 0 24px; }\n";

static void
ensure_css (void)
{
  static gboolean done;
  g_autoptr(GtkCssProvider) provider = NULL;
  GdkDisplay *display = gdk_display_get_default ();

  if (done || display == NULL)
    return;
  done = TRUE;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, style_css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

void
xq_notice_bar_add (XqNoticeBar *self, const char *text, const char *detail)
{
  g_return_if_fail (XQ_IS_NOTICE_BAR (self));
  g_return_if_fail (text != NULL);

  if (self->text->len > 0)
    g_string_append_c (self->text, '\n');
  g_string_append (self->text, text);
  if (detail != NULL)
    g_string_append_printf (self->detail, "%s%s", self->detail->len > 0 ? "\n" : "", detail);
  gtk_label_set_text (GTK_LABEL (self->label), self->text->str);
  gtk_widget_set_tooltip_text (self->label, self->detail->len > 0 ? self->detail->str : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), TRUE);
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
  g_string_truncate (self->text, 0);
  g_string_truncate (self->detail, 0);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

const char *
xq_notice_bar_get_text (XqNoticeBar *self)
{
  g_return_val_if_fail (XQ_IS_NOTICE_BAR (self), NULL);
  return self->text->len > 0 ? self->text->str : NULL;
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

  g_string_free (self->text, TRUE);
  g_string_free (self->detail, TRUE);
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

  ensure_css ();
  self->text = g_string_new (NULL);
  self->detail = g_string_new (NULL);
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
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
xq_notice_bar_new (void)
{
  return g_object_new (XQ_TYPE_NOTICE_BAR, NULL);
}
