/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-replay"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-replay.h"

XqGame *
xq_replay_read (XqKindReader     *r,
                JsonObject       *o,
                const char       *path,
                const char       *key,
                gboolean          required,
                const XqPosition *start)
{
  g_autofree char *p = xq_kind_path (path, key);
  JsonArray *array;
  g_autoptr(XqGame) game = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (start != NULL, NULL);
  if (!json_object_has_member (o, key) && !required)
    return NULL;
  array = xq_kind_get_array (r, o, path, key, required, XQ_REPLAY_MAX_PLIES);
  /* An empty list is refused by the reader. */
  if (array == NULL || json_array_get_length (array) == 0)
    return NULL;
  game = xq_game_new (start);
  for (guint i = 0; i < json_array_get_length (array) && ok; i++)
    {
      g_autofree char *ip = xq_kind_index_path (p, i);
      JsonNode *node = json_array_get_element (array, i);
      const char *text = JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
                         ? json_node_get_string (node) : NULL;
      XqMove m = text != NULL && strlen (text) == 4 ? xq_move_from_iccs (text) : XQ_MOVE_NONE;
      XqPosition before = *xq_game_get_position (game);
      XqResult over = xq_game_get_result (game);

      ok = FALSE;
      if (m == XQ_MOVE_NONE)
        xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, ip,
                         _("“%s” is not a move in ICCS notation (like h2e2)"), text ? text : "");
      else if (over.winner != XQ_WINNER_NONE)
        {
          g_autofree char *why = xq_result_explain (&over);
          xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, ip,
                           _("the game is already over before move %u (%s): %s"), i + 1, text, why);
        }
      else if (!xq_position_is_legal (&before, m))
        {
          XqLessonMarks marks;
          g_autofree char *why = NULL;

          xq_lesson_marks_clear (&marks);
          why = xq_lesson_explain_illegal (&before, m, &marks);
          xq_kind_problem (r, XQ_LESSON_ERROR_BAD_MOVE, ip, _("move %u (%s) is not legal: %s"), i + 1, text,
                           why ? why : _("the rules do not allow it"));
        }
      else
        ok = xq_game_play (game, m, NULL);
    }
  return ok ? g_steal_pointer (&game) : NULL;
}

int
xq_replay_quiet_rounds (const XqPosition *pos)
{
  g_return_val_if_fail (pos != NULL, 0);
  return pos->halfmove / 2;
}
