/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-learner-chooser"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-class.h"
#include "xq-class-folder-panel.h"
#include "xq-lesson.h"
#include "xq-learner-chooser.h"

/* How long a removal can be undone. */
#define UNDO_SECONDS 10
/* The learner shown when nobody is chosen (as the Learn page does). */
#define DEFAULT_LEARNER XQ_PROGRESS_DEFAULT_LEARNER
/* Lines of a class list's outcome shown at most (the rest are counted). */
#define MAX_REPORT_LINES 20
/* From this many learners on, the chooser offers a search by name. */
#define SEARCH_FROM 7
/* From this window width on, the actions stand beside the list (which
 * then has the whole height); the least of the list kept in view and
 * what the list's heading and search take, in pixels. */
#define SIDE_BY_SIDE_WIDTH 760
#define LIST_MIN_HEIGHT 132
#define LIST_HEAD_HEIGHT 110

struct _XqLearnerChooser
{
  GtkWidget parent_instance;

  XqProgressStore *store;    /* borrowed */
  char            *current;

  GtkWidget *scroll;
  GtkWidget *box;
  GtkWidget *actions_box;
  GtkWidget *search_entry;
  GtkWidget *list_scroll;
  GtkWidget *people_box;
  GtkWidget *list;
  GtkWidget *no_match_label;
  GtkWidget *notice_revealer;
  GtkWidget *notice_label;
  GtkWidget *add_entry;
  GtkWidget *add_button;
  GtkWidget *speak_check;
  GtkWidget *rename_entry;
  GtkWidget *rename_button;
  GtkWidget *reset_button;
  GtkWidget *confirm_revealer;
  GtkWidget *confirm_label;
  GtkWidget *undo_revealer;
  GtkWidget *undo_label;
  GtkWidget *undo_button;
  GtkWidget *class_folder_panel;

  char              *confirm_learner;  /* asked about, not yet removed */
  XqProgressRemoved *removed;          /* can still be undone */
  gboolean           removed_current;
  guint              undo_timeout;
  GCancellable      *cancellable;      /* file work in a thread */
  gboolean           stale;            /* reload when next shown */
  guint              n_learners;       /* in the list */
};

G_DEFINE_FINAL_TYPE (XqLearnerChooser, xq_learner_chooser, GTK_TYPE_WIDGET)

enum {
  LEARNER_CHOSEN,
  LEARNER_CHANGED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static void ask_remove_clicked_cb (GtkButton *button, XqLearnerChooser *self);
static void keep_in_view (XqLearnerChooser *self);

static void
update_current_widgets (XqLearnerChooser *self)
{
  g_autoptr(XqProgress) progress = NULL;

  gtk_widget_set_sensitive (self->rename_button, self->current != NULL);
  gtk_widget_set_sensitive (self->rename_entry, self->current != NULL);
  gtk_widget_set_sensitive (self->reset_button, self->current != NULL);
  if (self->current != NULL && self->store != NULL)
    progress = xq_progress_store_load (self->store, self->current, NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->rename_entry), progress ? progress->name : "");
}

/* Names compared the way people mean them: case and composed forms
 * folded ("Élodie" is found by "elo"). */
static char *
search_key (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);
  g_autofree char *folded = g_utf8_casefold (normal ? normal : text, -1);

  return g_steal_pointer (&folded);
}

static gboolean
filter_row (GtkListBoxRow *row, gpointer data)
{
  XqLearnerChooser *self = data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *key = NULL;
  const char *name = g_object_get_data (G_OBJECT (row), "name-key");

  if (text == NULL || *text == '\0' || name == NULL)
    return TRUE;
  key = search_key (text);
  return strstr (name, key) != NULL;
}

/* The rows the search leaves, in order. */
static GtkWidget *
first_shown_row (XqLearnerChooser *self, guint *n_shown)
{
  GtkWidget *first = NULL;

  if (n_shown)
    *n_shown = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (self->list); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_BOX_ROW (c) && filter_row (GTK_LIST_BOX_ROW (c), self))
      {
        if (first == NULL)
          first = c;
        if (n_shown)
          (*n_shown)++;
      }
  return first;
}

static void
update_filter (XqLearnerChooser *self)
{
  guint n_shown;

  gtk_list_box_invalidate_filter (GTK_LIST_BOX (self->list));
  first_shown_row (self, &n_shown);
  gtk_widget_set_visible (self->no_match_label,
                          n_shown == 0 && *gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) != '\0');
}

static void
search_changed_cb (XqLearnerChooser *self)
{
  update_filter (self);
}

/* Enter in the search chooses the first learner found. */
static void
search_activate_cb (XqLearnerChooser *self)
{
  GtkWidget *row = first_shown_row (self, NULL);

  if (row != NULL)
    xq_learner_chooser_choose (self, g_object_get_data (G_OBJECT (row), "learner"));
}

static void
search_stop_cb (XqLearnerChooser *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/* Down from the search goes to the first learner found. */
static gboolean
search_key_cb (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
               XqLearnerChooser *self)
{
  GtkWidget *row;

  if (keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down)
    return FALSE;
  row = first_shown_row (self, NULL);
  return row != NULL && gtk_widget_grab_focus (row);
}

guint
xq_learner_chooser_search (XqLearnerChooser *self, const char *text)
{
  guint n_shown;

  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), 0);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text ? text : "");
  update_filter (self);
  first_shown_row (self, &n_shown);
  return n_shown;
}

/* The chooser as tall as the window lets it be: the list scrolls in what
 * the actions leave of it (beside it on a wide window, below it on a
 * narrow one), and the whole chooser scrolls when even that is too
 * little (a small screen), so every button can be reached. */
static void
update_heights (XqLearnerChooser *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_POPOVER);
  int win_w, win_h, avail, actions_h, list_h;
  gboolean wide;

  if (root == NULL)
    return;
  win_w = gtk_widget_get_width (GTK_WIDGET (root));
  win_h = gtk_widget_get_height (GTK_WIDGET (root));
  if ((win_w <= 0 || win_h <= 0) && GTK_IS_WINDOW (root))
    gtk_window_get_default_size (GTK_WINDOW (root), &win_w, &win_h);
  if (win_h <= 0)
    return;
  avail = win_h - 24;
  /* In a popover: the room above or below the button it points from. */
  if (popover != NULL && gtk_widget_get_parent (popover) != NULL)
    {
      GtkWidget *anchor = gtk_widget_get_parent (popover);
      graphene_rect_t bounds;

      if (gtk_widget_compute_bounds (anchor, GTK_WIDGET (root), &bounds))
        avail = MAX (win_h - (int) (bounds.origin.y + bounds.size.height), (int) bounds.origin.y) - 40;
    }
  avail = MAX (avail, 200);
  /* Beside each other only for a class: a few names fit above the actions. */
  wide = win_w >= SIDE_BY_SIDE_WIDTH && self->n_learners >= SEARCH_FROM;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->box),
                                  wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self->box), wide ? 18 : 10);
  gtk_widget_measure (self->actions_box, GTK_ORIENTATION_VERTICAL, -1, NULL, &actions_h, NULL, NULL);
  list_h = wide ? avail - LIST_HEAD_HEIGHT : avail - LIST_HEAD_HEIGHT - actions_h;
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroll), avail);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->list_scroll),
                                              MAX (list_h, LIST_MIN_HEIGHT));
}

/* "Who Is Learning?" only above something: with no learner saved yet (a
 * new computer) and no message to show, the heading stood over an empty
 * gap, the hidden list and the closed message strips. */
static void
update_people_box (XqLearnerChooser *self)
{
  gtk_widget_set_visible (self->people_box,
                          self->n_learners > 0 ||
                          gtk_revealer_get_reveal_child (GTK_REVEALER (self->notice_revealer)) ||
                          gtk_revealer_get_reveal_child (GTK_REVEALER (self->confirm_revealer)) ||
                          gtk_revealer_get_reveal_child (GTK_REVEALER (self->undo_revealer)));
}

void
xq_learner_chooser_reload (XqLearnerChooser *self)
{
  g_autoptr(GPtrArray) ids = NULL;
  GtkWidget *child;

  g_return_if_fail (XQ_IS_LEARNER_CHOOSER (self));

  /* Every row reads that learner's file: a class of thirty is thirty
   * files, which a chooser in a closed popover need not read at start-up
   * (on the main thread, before the first frame).  Read when shown. */
  self->stale = !gtk_widget_get_mapped (GTK_WIDGET (self));
  if (self->stale)
    return;
  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  if (self->store == NULL)
    return;

  ids = xq_progress_store_list (self->store);
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autoptr(XqProgress) progress = xq_progress_store_load (self->store, id, NULL);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), progress ? progress->name : id);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *tip = NULL;

      gtk_widget_set_visible (check, g_strcmp0 (id, self->current) == 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
      /* Translators: tooltip of the button beside a learner; %s is the name */
      tip = g_strdup_printf (_("Remove %s…"), progress ? progress->name : id);
      gtk_widget_set_tooltip_text (remove, tip);
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      g_object_set_data_full (G_OBJECT (remove), "learner", g_strdup (id), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (ask_remove_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      g_object_set_data_full (G_OBJECT (row), "learner", g_strdup (id), g_free);
      g_object_set_data_full (G_OBJECT (row), "name-key", search_key (progress ? progress->name : id), g_free);
      gtk_list_box_append (GTK_LIST_BOX (self->list), row);
    }
  gtk_widget_set_visible (self->list_scroll, ids->len > 0);
  self->n_learners = ids->len;
  update_people_box (self);
  update_heights (self);
  gtk_widget_set_visible (self->search_entry, ids->len >= SEARCH_FROM);
  if (ids->len < SEARCH_FROM)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  update_filter (self);
  update_current_widgets (self);
}

/* What became of the default profile when a named learner was added. */
typedef enum {
  DEFAULT_UNTOUCHED,   /* named learners were there already, or it was saved before */
  DEFAULT_KEPT,        /* it held something: saved as "Learner", still in the list */
  DEFAULT_EMPTY,       /* it held nothing: nothing to keep, it leaves the chooser */
} DefaultFate;

/* The default profile, never saved under a name, may still hold a review
 * queue or puzzle ratings: saved as "Learner" it stays in the list when
 * the first named learner takes over, instead of vanishing. */
static gboolean
keep_default (XqLearnerChooser *self,
              DefaultFate      *fate,
              GError          **error)
{
  g_autoptr(GPtrArray) saved = xq_progress_store_list (self->store);
  g_autoptr(XqProgress) progress = NULL;

  *fate = DEFAULT_UNTOUCHED;
  for (guint i = 0; i < saved->len; i++)
    if (g_strcmp0 (g_ptr_array_index (saved, i), DEFAULT_LEARNER) == 0)
      return TRUE;
  if (!xq_progress_store_has_files (self->store, DEFAULT_LEARNER))
    {
      if (saved->len == 0)
        *fate = DEFAULT_EMPTY;
      return TRUE;
    }
  progress = xq_progress_store_load (self->store, DEFAULT_LEARNER, error);
  if (progress == NULL)
    return FALSE;
  if (!xq_progress_store_save (self->store, progress, error))
    return FALSE;
  if (saved->len == 0)
    *fate = DEFAULT_KEPT;
  return TRUE;
}

static void
show_notice (XqLearnerChooser *self, const char *text)
{
  gtk_label_set_text (GTK_LABEL (self->notice_label), text ? text : "");
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->notice_revealer), text != NULL);
}

static void
notice_close_cb (XqLearnerChooser *self)
{
  show_notice (self, NULL);
}

const char *
xq_learner_chooser_get_notice_text (XqLearnerChooser *self)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), NULL);
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->notice_revealer)))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->notice_label));
}

/* Says what became of the default profile, so it does not vanish
 * without a word. */
static void
tell_default_fate (XqLearnerChooser *self, DefaultFate fate, const char *name)
{
  g_autofree char *default_name = NULL;
  g_autofree char *text = NULL;

  if (fate == DEFAULT_UNTOUCHED)
    {
      show_notice (self, NULL);
      return;
    }
  {
    g_autoptr(XqProgress) p = xq_progress_store_load (self->store, DEFAULT_LEARNER, NULL);
    default_name = g_strdup (p && p->name ? p->name : _("Learner"));
  }
  if (fate == DEFAULT_KEPT)
    /* Translators: the first named learner was added; the first %s is their name, the
     * second the default profile's ("Learner") */
    text = g_strdup_printf (_("%s is learning now. What was done before any name was given is kept "
                              "under “%s” in the list."), name, default_name);
  else
    /* Translators: the first named learner was added; the first %s is their name, the
     * second the default profile's ("Learner") */
    text = g_strdup_printf (_("%s is learning now. “%s” had nothing saved yet, so it is no longer "
                              "in the list."), name, default_name);
  show_notice (self, text);
  keep_in_view (self);
}

char *
xq_learner_chooser_add (XqLearnerChooser *self,
                        const char       *name,
                        GError          **error)
{
  return xq_learner_chooser_add_full (self, name, FALSE, error);
}

char *
xq_learner_chooser_add_full (XqLearnerChooser *self,
                             const char       *name,
                             gboolean          speak,
                             GError          **error)
{
  g_autoptr(XqProgress) progress = NULL;
  g_autofree char *id = NULL;
  g_autofree char *clean = NULL;
  DefaultFate fate;

  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), NULL);
  g_return_val_if_fail (self->store != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  clean = g_strstrip (g_strdup (name));
  if (*clean == '\0')
    {
      g_set_error_literal (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER,
                           _("Type a name first."));
      return NULL;
    }
  if (!keep_default (self, &fate, error))
    return NULL;
  id = xq_class_make_id (self->store, clean, NULL);
  progress = xq_progress_new (id, clean);
  progress->speak = speak;
  if (!xq_progress_store_save (self->store, progress, error))
    return NULL;
  xq_learner_chooser_choose (self, id);
  tell_default_fate (self, fate, clean);
  return g_steal_pointer (&id);
}

gboolean
xq_learner_chooser_choose (XqLearnerChooser *self,
                           const char       *learner)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);

  if (!xq_progress_learner_id_valid (learner))
    return FALSE;
  /* A copy: learner may belong to a row of the list, which setting the
   * current learner rebuilds (Enter in the search passes the first row's
   * id; ASan caught the use after free). */
  id = g_strdup (learner);
  xq_learner_chooser_set_current (self, id);
  g_signal_emit (self, signals[LEARNER_CHOSEN], 0, id);
  return TRUE;
}

gboolean
xq_learner_chooser_rename (XqLearnerChooser *self,
                           const char       *learner,
                           const char       *name,
                           GError          **error)
{
  g_autoptr(XqProgress) progress = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  clean = g_strstrip (g_strdup (name ? name : ""));
  if (*clean == '\0')
    {
      g_set_error_literal (error, XQ_PROGRESS_ERROR, XQ_PROGRESS_ERROR_BAD_LEARNER,
                           _("Type a name first."));
      return FALSE;
    }
  progress = xq_progress_store_load (self->store, learner, error);
  if (progress == NULL)
    return FALSE;
  g_free (progress->name);
  progress->name = g_steal_pointer (&clean);
  if (!xq_progress_store_save (self->store, progress, error))
    return FALSE;
  xq_learner_chooser_reload (self);
  g_signal_emit (self, signals[LEARNER_CHANGED], 0, learner);
  return TRUE;
}

gboolean
xq_learner_chooser_reset (XqLearnerChooser *self,
                          const char       *learner,
                          GError          **error)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!xq_progress_store_reset (self->store, learner, error))
    return FALSE;
  xq_learner_chooser_reload (self);
  g_signal_emit (self, signals[LEARNER_CHANGED], 0, learner);
  return TRUE;
}

static void
show_error (XqLearnerChooser *self,
            const GError     *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("That did not work"), error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
row_activated_cb (XqLearnerChooser *self,
                  GtkListBoxRow    *row,
                  GtkListBox       *list)
{
  xq_learner_chooser_choose (self, g_object_get_data (G_OBJECT (row), "learner"));
}

static void
add_clicked_cb (XqLearnerChooser *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  id = xq_learner_chooser_add_full (self, gtk_editable_get_text (GTK_EDITABLE (self->add_entry)),
                                    gtk_check_button_get_active (GTK_CHECK_BUTTON (self->speak_check)), &error);
  if (id == NULL)
    {
      show_error (self, error);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->add_entry), "");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->speak_check), FALSE);
}

static void
rename_clicked_cb (XqLearnerChooser *self)
{
  g_autoptr(GError) error = NULL;

  if (self->current == NULL)
    return;
  if (!xq_learner_chooser_rename (self, self->current,
                                  gtk_editable_get_text (GTK_EDITABLE (self->rename_entry)), &error))
    show_error (self, error);
}

static void
reset_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   XqLearnerChooser *self)
{
  g_autoptr(GError) error = NULL;
  const char *learner = g_object_get_data (G_OBJECT (dialog), "learner");

  if (g_strcmp0 (response, "reset") != 0)
    return;
  if (!xq_learner_chooser_reset (self, learner, &error))
    show_error (self, error);
}

static void
reset_clicked_cb (XqLearnerChooser *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(XqProgress) progress = NULL;
  GtkWidget *dialog;

  if (self->current == NULL)
    return;
  progress = xq_progress_store_load (self->store, self->current, NULL);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Start Again?"), NULL);
  /* Translators: %s is a learner's name */
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("All of %s’s stars will be gone. This cannot be undone."),
                                  progress ? progress->name : self->current);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reset", _("_Reset Stars"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reset",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "learner", g_strdup (self->current), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (reset_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Removing a learner, with undo ----------------------------------------- */

static char *
name_of (XqLearnerChooser *self, const char *learner)
{
  g_autoptr(XqProgress) progress = self->store ? xq_progress_store_load (self->store, learner, NULL) : NULL;

  return g_strdup (progress ? progress->name : learner);
}

void
xq_learner_chooser_ask_remove (XqLearnerChooser *self,
                               const char       *learner)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (XQ_IS_LEARNER_CHOOSER (self));
  g_return_if_fail (learner != NULL && self->store != NULL);

  name = name_of (self, learner);
  g_free (self->confirm_learner);
  self->confirm_learner = g_strdup (learner);
  if (g_strcmp0 (learner, self->current) == 0)
    /* Translators: %s is a learner's name, twice */
    text = g_strdup_printf (_("Remove %s? Their stars and puzzle streak go too. "
                              "%s is learning now: the default profile takes over."), name, name);
  else
    /* Translators: %s is a learner's name */
    text = g_strdup_printf (_("Remove %s? Their stars and puzzle streak go too."), name);
  gtk_label_set_text (GTK_LABEL (self->confirm_label), text);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->confirm_revealer), TRUE);
}

const char *
xq_learner_chooser_get_confirm_text (XqLearnerChooser *self)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), NULL);
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->confirm_revealer)))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->confirm_label));
}

static void
hide_confirm (XqLearnerChooser *self)
{
  g_clear_pointer (&self->confirm_learner, g_free);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->confirm_revealer), FALSE);
}

/* The removal becomes final: the kept files are dropped. */
static void
forget_removed (XqLearnerChooser *self)
{
  g_clear_handle_id (&self->undo_timeout, g_source_remove);
  g_clear_pointer (&self->removed, xq_progress_removed_free);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->undo_revealer), FALSE);
}

static gboolean
undo_timeout_cb (gpointer data)
{
  XqLearnerChooser *self = data;

  self->undo_timeout = 0;
  forget_removed (self);
  return G_SOURCE_REMOVE;
}

/* A learner-chosen handler may close the popover the chooser lives in;
 * what happened must stay in view. */
static void
keep_in_view (XqLearnerChooser *self)
{
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_POPOVER);

  if (popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) == FALSE)
    gtk_popover_popup (GTK_POPOVER (popover));
}

gboolean
xq_learner_chooser_remove (XqLearnerChooser *self,
                           const char       *learner,
                           GError          **error)
{
  g_autoptr(XqProgressRemoved) removed = NULL;
  g_autofree char *text = NULL;
  gboolean was_current;

  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  hide_confirm (self);
  removed = xq_progress_store_remove_undoable (self->store, learner, error);
  if (removed == NULL)
    return FALSE;
  forget_removed (self);
  was_current = g_strcmp0 (learner, self->current) == 0;
  if (was_current)
    /* Translators: %s is a learner's name */
    text = g_strdup_printf (_("%s was removed. The default profile is learning now."),
                            xq_progress_removed_get_name (removed));
  else
    /* Translators: %s is a learner's name */
    text = g_strdup_printf (_("%s was removed."), xq_progress_removed_get_name (removed));
  self->removed = g_steal_pointer (&removed);
  self->removed_current = was_current;
  gtk_label_set_text (GTK_LABEL (self->undo_label), text);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->undo_revealer), TRUE);
  self->undo_timeout = g_timeout_add_seconds (UNDO_SECONDS, undo_timeout_cb, self);
  if (was_current)
    {
      xq_progress_store_set_current (self->store, DEFAULT_LEARNER, NULL);
      xq_learner_chooser_choose (self, DEFAULT_LEARNER);
      keep_in_view (self);
    }
  else
    xq_learner_chooser_reload (self);
  return TRUE;
}

const char *
xq_learner_chooser_get_undo_text (XqLearnerChooser *self)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), NULL);
  if (self->removed == NULL)
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->undo_label));
}

gboolean
xq_learner_chooser_undo_remove (XqLearnerChooser *self,
                                GError          **error)
{
  g_autofree char *learner = NULL;
  gboolean was_current;

  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);
  g_return_val_if_fail (self->removed != NULL, FALSE);

  if (!xq_progress_removed_restore (self->removed, error))
    return FALSE;
  learner = g_strdup (xq_progress_removed_get_learner (self->removed));
  was_current = self->removed_current;
  forget_removed (self);
  if (was_current)
    {
      xq_progress_store_set_current (self->store, learner, NULL);
      xq_learner_chooser_choose (self, learner);
      keep_in_view (self);
    }
  else
    xq_learner_chooser_reload (self);
  return TRUE;
}

static void
ask_remove_clicked_cb (GtkButton        *button,
                       XqLearnerChooser *self)
{
  xq_learner_chooser_ask_remove (self, g_object_get_data (G_OBJECT (button), "learner"));
}

static void
confirm_cancel_cb (XqLearnerChooser *self)
{
  hide_confirm (self);
}

static void
confirm_remove_cb (XqLearnerChooser *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *learner = g_strdup (self->confirm_learner);

  if (learner != NULL && !xq_learner_chooser_remove (self, learner, &error))
    show_error (self, error);
}

static void
undo_clicked_cb (XqLearnerChooser *self)
{
  g_autoptr(GError) error = NULL;

  if (self->removed != NULL && !xq_learner_chooser_undo_remove (self, &error))
    show_error (self, error);
}

/* ---- The class: lists, results, the report --------------------------------- */

typedef enum {
  CLASS_ADD_LIST,
  CLASS_EXPORT_CSV,
  CLASS_REPORT,
} ClassJob;

typedef struct {
  ClassJob   job;
  char      *dir;    /* the store's */
  char      *path;   /* the file chosen */
  GPtrArray *entries;
} ClassWork;

static void
class_work_free (ClassWork *w)
{
  g_free (w->dir);
  g_free (w->path);
  g_clear_pointer (&w->entries, g_ptr_array_unref);
  g_free (w);
}

/* In a thread: a store of its own, so no notice reaches GTK from here. */
static void
class_work_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ClassWork *w = data;
  g_autoptr(XqProgressStore) store = xq_progress_store_new (w->dir);
  GError *error = NULL;
  gboolean ok = FALSE;

  switch (w->job)
    {
    case CLASS_ADD_LIST:
      w->entries = xq_class_add_list (store, w->path, &error);
      ok = w->entries != NULL;
      break;
    case CLASS_EXPORT_CSV:
      {
        g_autoptr(GDateTime) now = g_date_time_new_now_local ();
        g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
        /* Rows in the order of the units: the curriculum's, then the teacher's, then the puzzles. */
        g_autoptr(GPtrArray) units = xq_class_units_load (NULL, NULL, problems);

        ok = xq_class_export_csv (store, units, now, w->path, &error);
      }
      break;
    case CLASS_REPORT:
      ok = xq_class_write_report (store, NULL, NULL, _("Class Report"), w->path, &error);
      break;
    default:
      g_assert_not_reached ();
    }
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
tell (XqLearnerChooser *self, const char *heading, const char *body)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

char *
xq_learner_chooser_describe_list (GPtrArray *entries)
{
  GString *text = g_string_new (NULL);
  guint added = 0, shown = 0;

  g_return_val_if_fail (entries != NULL, NULL);
  for (guint i = 0; i < entries->len; i++)
    added += ((XqClassListEntry *) g_ptr_array_index (entries, i))->status == XQ_CLASS_NAME_ADDED;
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u of %u name was added.",
                                             "%u of %u names were added.", entries->len),
                          added, entries->len);
  /* The names not added are what a teacher needs to see. */
  for (guint i = 0; i < entries->len; i++)
    {
      const XqClassListEntry *e = g_ptr_array_index (entries, i);
      g_autofree char *line = NULL;

      if (e->status == XQ_CLASS_NAME_ADDED)
        continue;
      if (shown++ == MAX_REPORT_LINES)
        {
          g_string_append (text, "\n…");
          break;
        }
      line = xq_class_list_entry_describe (e);
      g_string_append_printf (text, "\n%s", line);
    }
  return g_string_free (text, FALSE);
}

static void
class_work_done (GObject *source, GAsyncResult *result, gpointer data)
{
  XqLearnerChooser *self = XQ_LEARNER_CHOOSER (source);
  ClassWork *w = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  g_autofree char *base = g_path_get_basename (w->path);

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, error);
      return;
    }
  switch (w->job)
    {
    case CLASS_ADD_LIST:
      body = xq_learner_chooser_describe_list (w->entries);
      xq_learner_chooser_reload (self);
      tell (self, _("Class List Added"), body);
      break;
    case CLASS_EXPORT_CSV:
      /* Translators: %s is a file name */
      body = g_strdup_printf (_("The class results were saved as “%s”."), base);
      tell (self, _("Class Results Exported"), body);
      break;
    case CLASS_REPORT:
      /* Translators: %s is a file name */
      body = g_strdup_printf (_("The class report was saved as “%s”, ready to print."), base);
      tell (self, _("Class Report Saved"), body);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
run_class_work (XqLearnerChooser *self, ClassJob job, const char *path)
{
  ClassWork *w = g_new0 (ClassWork, 1);
  g_autoptr(GTask) task = g_task_new (self, self->cancellable, class_work_done, NULL);

  w->job = job;
  w->dir = g_strdup (xq_progress_store_get_dir (self->store));
  w->path = g_strdup (path);
  g_task_set_task_data (task, w, (GDestroyNotify) class_work_free);
  g_task_run_in_thread (task, class_work_thread);
}

static void
file_chosen_cb (GtkNativeDialog *native, int response, XqLearnerChooser *self)
{
  ClassJob job = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (native), "job"));
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file != NULL)
    path = g_file_get_path (file);
  if (path != NULL && self->store != NULL)
    run_class_work (self, job, path);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
choose_file (XqLearnerChooser *self, ClassJob job, const char *title, const char *accept,
             const char *suggested, const char *pattern, const char *filter_name)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->store == NULL)
    return;
  native = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        suggested ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, filter_name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  if (suggested != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested);
  g_object_set_data (G_OBJECT (native), "job", GINT_TO_POINTER (job));
  g_signal_connect (native, "response", G_CALLBACK (file_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* A class folder sync may have brought learners, or new stars. */
static void
class_folder_synced_cb (XqLearnerChooser *self)
{
  xq_learner_chooser_reload (self);
}

static void
add_list_clicked_cb (XqLearnerChooser *self)
{
  choose_file (self, CLASS_ADD_LIST, _("Add a Class List"), _("_Add"), NULL, "*.txt",
               _("Text files, one name a line"));
}

static void
export_clicked_cb (XqLearnerChooser *self)
{
  /* Translators: the file name suggested for the class results; keep .csv */
  choose_file (self, CLASS_EXPORT_CSV, _("Export Class Results"), _("_Export"), _("class-results.csv"),
               "*.csv", _("CSV spreadsheets"));
}

static void
report_clicked_cb (XqLearnerChooser *self)
{
  /* Translators: the file name suggested for the class report; keep .pdf */
  choose_file (self, CLASS_REPORT, _("Save the Class Report"), _("_Save"), _("class-report.pdf"),
               "*.pdf", _("PDF documents"));
}

gboolean
xq_learner_chooser_add_list_file (XqLearnerChooser *self,
                                  const char       *path)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), FALSE);
  if (self->store == NULL || path == NULL)
    return FALSE;
  run_class_work (self, CLASS_ADD_LIST, path);
  return TRUE;
}

const char *
xq_learner_chooser_get_rename_text (XqLearnerChooser *self)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->rename_entry));
}

static void
xq_learner_chooser_dispose (GObject *object)
{
  XqLearnerChooser *self = XQ_LEARNER_CHOOSER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  /* Leaving: a removal not undone by now stays. */
  g_clear_handle_id (&self->undo_timeout, g_source_remove);
  g_clear_pointer (&self->removed, xq_progress_removed_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_LEARNER_CHOOSER);
  G_OBJECT_CLASS (xq_learner_chooser_parent_class)->dispose (object);
}

static void
xq_learner_chooser_finalize (GObject *object)
{
  XqLearnerChooser *self = XQ_LEARNER_CHOOSER (object);

  g_free (self->current);
  g_free (self->confirm_learner);
  G_OBJECT_CLASS (xq_learner_chooser_parent_class)->finalize (object);
}

static void
xq_learner_chooser_map (GtkWidget *widget)
{
  XqLearnerChooser *self = XQ_LEARNER_CHOOSER (widget);

  GTK_WIDGET_CLASS (xq_learner_chooser_parent_class)->map (widget);
  update_heights (self);
  if (self->stale)
    xq_learner_chooser_reload (self);
}

static void
xq_learner_chooser_class_init (XqLearnerChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_learner_chooser_dispose;
  object_class->finalize = xq_learner_chooser_finalize;
  widget_class->map = xq_learner_chooser_map;

  /**
   * XqLearnerChooser::learner-chosen:
   * @learner: the learner's id
   *
   * Someone else is learning now (or a new learner was added).
   */
  signals [LEARNER_CHOSEN] =
    g_signal_new ("learner-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * XqLearnerChooser::learner-changed:
   * @learner: the learner's id
   *
   * A learner was renamed or their stars were reset.
   */
  signals [LEARNER_CHANGED] =
    g_signal_new ("learner-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-learner-chooser");

  g_type_ensure (XQ_TYPE_CLASS_FOLDER_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, APP_PATH "/ui/xq-learner-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, class_folder_panel);
  gtk_widget_class_bind_template_callback (widget_class, class_folder_synced_cb);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, scroll);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, box);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, actions_box);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, search_entry);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, list_scroll);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, people_box);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, list);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, no_match_label);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, notice_label);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_stop_cb);
  gtk_widget_class_bind_template_callback (widget_class, notice_close_cb);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, add_entry);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, add_button);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, speak_check);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, rename_entry);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, rename_button);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, reset_button);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, rename_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reset_clicked_cb);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, confirm_revealer);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, confirm_label);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, undo_revealer);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, undo_label);
  gtk_widget_class_bind_template_child (widget_class, XqLearnerChooser, undo_button);
  gtk_widget_class_bind_template_callback (widget_class, confirm_cancel_cb);
  gtk_widget_class_bind_template_callback (widget_class, confirm_remove_cb);
  gtk_widget_class_bind_template_callback (widget_class, undo_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_list_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, report_clicked_cb);
}

static void
xq_learner_chooser_init (XqLearnerChooser *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  gtk_list_box_set_filter_func (GTK_LIST_BOX (self->list), filter_row, self, NULL);
  /* Typing a name anywhere in the chooser (not in an entry) searches. */
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->search_entry), GTK_WIDGET (self->list));
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (search_key_cb), self);
  gtk_widget_add_controller (self->search_entry, keys);
  {
    GtkWidget *strips[] = { self->notice_revealer, self->confirm_revealer, self->undo_revealer };

    for (gsize i = 0; i < G_N_ELEMENTS (strips); i++)
      g_signal_connect_object (strips[i], "notify::reveal-child", G_CALLBACK (update_people_box), self,
                               G_CONNECT_SWAPPED);
  }
  update_current_widgets (self);
}

GtkWidget *
xq_learner_chooser_new (void)
{
  return g_object_new (XQ_TYPE_LEARNER_CHOOSER, NULL);
}

void
xq_learner_chooser_set_store (XqLearnerChooser *self,
                              XqProgressStore  *store)
{
  g_return_if_fail (XQ_IS_LEARNER_CHOOSER (self));

  self->store = store;
  xq_class_folder_panel_set_store (XQ_CLASS_FOLDER_PANEL (self->class_folder_panel), store);
  xq_learner_chooser_reload (self);
}

void
xq_learner_chooser_set_current (XqLearnerChooser *self,
                                const char       *learner)
{
  g_return_if_fail (XQ_IS_LEARNER_CHOOSER (self));

  if (g_strcmp0 (self->current, learner) != 0)
    {
      g_free (self->current);
      self->current = g_strdup (learner);
    }
  xq_learner_chooser_reload (self);
}

const char *
xq_learner_chooser_get_current (XqLearnerChooser *self)
{
  g_return_val_if_fail (XQ_IS_LEARNER_CHOOSER (self), NULL);
  return self->current;
}
