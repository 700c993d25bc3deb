/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-file.c: the saved event (JSON) and the CSV export.  Loading
 * is strict: every problem names its JSON path, and nothing half-read is
 * returned. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-json-parse.h"
#include "xq-safe-file.h"
#include "xq-csv.h"
#include "xq-tournament-private.h"

#define FORMAT_NAME "xiangqi-tutor-tournament"
#define FORMAT_VERSION 1
#define MAX_FILE_BYTES (8 * 1024 * 1024)
#define MAX_ROUNDS 400
/* The longest text: a game's moves, at most 2000 of five bytes each. */
#define MAX_STRING_BYTES (16 * 1024)

/* 6.5's minutes ("clock-minutes"), written only for 6.5. */
static void
write_clock_minutes (JsonBuilder *b, const XqTournament *t)
{
  if (t->clock != XQ_TIME_CONTROL_S0_6_5)
    return;
  json_builder_set_member_name (b, "clock-minutes");
  json_builder_add_int_value (b, t->clock_minutes);
}

char *
xq_tournament_to_json (const XqTournament *t)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, FORMAT_NAME);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, FORMAT_VERSION);
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, t->title);
  json_builder_set_member_name (b, "system");
  json_builder_add_string_value (b, xq_system_to_code (t->system));
  json_builder_set_member_name (b, "rounds-planned");
  json_builder_add_int_value (b, t->rounds_planned);
  json_builder_set_member_name (b, "groups");
  json_builder_add_int_value (b, t->n_groups);
  json_builder_set_member_name (b, "team-boards");
  json_builder_add_int_value (b, t->team_size);
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, t->seed);
  json_builder_set_member_name (b, "clock");
  json_builder_add_string_value (b, xq_time_control_to_code (t->clock));
  write_clock_minutes (b, t);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint i = 0; i < t->players->len; i++)
    {
      const XqEntrant *e = g_ptr_array_index (t->players, i);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, e->name);
      json_builder_set_member_name (b, "withdrawn");
      json_builder_add_boolean_value (b, e->withdrawn);
      json_builder_set_member_name (b, "cancelled");
      json_builder_add_boolean_value (b, e->cancelled);
      json_builder_set_member_name (b, "group");
      json_builder_add_int_value (b, e->group);
      if (e->members != NULL)
        {
          json_builder_set_member_name (b, "members");
          json_builder_begin_array (b);
          for (int k = 0; e->members[k] != NULL; k++)
            json_builder_add_string_value (b, e->members[k]);
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "rounds");
  json_builder_begin_array (b);
  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      json_builder_begin_array (b);
      for (guint k = 0; k < boards->len; k++)
        {
          const XqPairing *p = g_ptr_array_index (boards, k);
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "red");
          json_builder_add_int_value (b, p->red);
          json_builder_set_member_name (b, "black");
          json_builder_add_int_value (b, p->black);
          json_builder_set_member_name (b, "result");
          json_builder_add_string_value (b, xq_outcome_to_code (p->outcome));
          json_builder_set_member_name (b, "reason");
          json_builder_add_string_value (b, xq_reason_to_code (p->reason));
          json_builder_set_member_name (b, "fouls");
          json_builder_begin_array (b);
          json_builder_add_int_value (b, p->fouls[0]);
          json_builder_add_int_value (b, p->fouls[1]);
          json_builder_end_array (b);
          if (p->moves != NULL)
            {
              json_builder_set_member_name (b, "moves");
              json_builder_add_string_value (b, p->moves);
            }
          if (t->team_size > 0)
            {
              json_builder_set_member_name (b, "games");
              json_builder_begin_array (b);
              for (int g = 0; g < t->team_size; g++)
                json_builder_add_string_value (b, xq_outcome_to_code (p->games[g]));
              json_builder_end_array (b);
            }
          if (p->replay_of >= 0)
            {
              json_builder_set_member_name (b, "replay-of");
              json_builder_add_int_value (b, p->replay_of);
            }
          if (p->slot >= 0)
            {
              json_builder_set_member_name (b, "slot");
              json_builder_add_int_value (b, p->slot);
            }
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "audit");
  json_builder_begin_array (b);
  for (guint i = 0; i < t->audit->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (t->audit, i));
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, NULL);
}

/* ---- Loading ------------------------------------------------------------ */

static gboolean G_GNUC_PRINTF (3, 4)
bad (GError **error, const char *path, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE, "%s: %s", path, msg);
  return FALSE;
}

static gboolean
get_member (JsonObject *o, const char *path, const char *name, JsonNodeType type,
            gboolean required, JsonNode **out, GError **error)
{
  JsonNode *n = json_object_get_member (o, name);

  *out = NULL;
  if (n == NULL)
    return required ? bad (error, path, _("“%s” is missing"), name) : TRUE;
  if (JSON_NODE_TYPE (n) != type
      || (type == JSON_NODE_VALUE && json_node_get_value_type (n) == G_TYPE_INVALID))
    return bad (error, path, _("“%s” has the wrong type"), name);
  *out = n;
  return TRUE;
}

static gboolean
get_int (JsonObject *o, const char *path, const char *name, gint64 lo, gint64 hi,
         gboolean required, gint64 *out, GError **error)
{
  JsonNode *n;

  if (!get_member (o, path, name, JSON_NODE_VALUE, required, &n, error))
    return FALSE;
  if (n == NULL)
    return TRUE;
  if (json_node_get_value_type (n) != G_TYPE_INT64)
    return bad (error, path, _("“%s” must be a whole number"), name);
  *out = json_node_get_int (n);
  if (*out < lo || *out > hi)
    {
      g_autofree char *low = g_strdup_printf ("%" G_GINT64_FORMAT, lo);
      g_autofree char *high = g_strdup_printf ("%" G_GINT64_FORMAT, hi);
      return bad (error, path, _("“%s” must be from %s to %s"), name, low, high);
    }
  return TRUE;
}

static gboolean
get_string (JsonObject *o, const char *path, const char *name, gboolean required,
            const char **out, GError **error)
{
  JsonNode *n;

  if (!get_member (o, path, name, JSON_NODE_VALUE, required, &n, error))
    return FALSE;
  if (n == NULL)
    return TRUE;
  if (json_node_get_value_type (n) != G_TYPE_STRING)
    return bad (error, path, _("“%s” must be text"), name);
  *out = json_node_get_string (n);
  return TRUE;
}

static gboolean
get_bool (JsonObject *o, const char *path, const char *name, gboolean *out, GError **error)
{
  JsonNode *n;

  if (!get_member (o, path, name, JSON_NODE_VALUE, FALSE, &n, error))
    return FALSE;
  if (n == NULL)
    return TRUE;
  if (json_node_get_value_type (n) != G_TYPE_BOOLEAN)
    return bad (error, path, _("“%s” must be true or false"), name);
  *out = json_node_get_boolean (n);
  return TRUE;
}

static gboolean
load_pairing (XqTournament *t, JsonNode *node, const char *path, int n_boards, GError **error)
{
  JsonObject *o;
  gint64 red = 0, black = 0, replay = -1, slot = -1;
  const char *result = "", *reason = "", *moves = NULL;
  JsonNode *fouls = NULL, *games = NULL;
  XqPairing *p;
  int np = (int) t->players->len;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return bad (error, path, _("a board must be an object"));
  o = json_node_get_object (node);
  if (!get_int (o, path, "red", 0, np - 1, TRUE, &red, error)
      || !get_int (o, path, "black", XQ_BYE, np - 1, TRUE, &black, error)
      || !get_string (o, path, "result", FALSE, &result, error)
      || !get_string (o, path, "reason", FALSE, &reason, error)
      || !get_string (o, path, "moves", FALSE, &moves, error)
      || !get_int (o, path, "replay-of", -1, n_boards - 1, FALSE, &replay, error)
      || !get_int (o, path, "slot", -1, 1 << 20, FALSE, &slot, error)
      || !get_member (o, path, "fouls", JSON_NODE_ARRAY, FALSE, &fouls, error)
      || !get_member (o, path, "games", JSON_NODE_ARRAY, FALSE, &games, error))
    return FALSE;
  if (red == black)
    return bad (error, path, _("a player cannot meet themselves"));
  p = xq_pairing_new ((int) red, (int) black);
  p->replay_of = (int) replay;
  p->slot = (int) slot;
  p->moves = g_strdup (moves);
  g_ptr_array_add (g_ptr_array_index (t->rounds, t->rounds->len - 1), p);
  if (!xq_outcome_from_code (result, &p->outcome))
    return bad (error, path, _("unknown result “%s”"), result);
  if (*reason == '\0')
    p->reason = XQ_REASON_NONE;
  else if (!xq_reason_from_code (reason, &p->reason))
    return bad (error, path, _("unknown reason “%s”"), reason);
  if (moves != NULL)
    {
      /* The moves must replay from the start: a score sheet is printed from them. */
      g_autoptr(XqGame) g = xq_game_new (NULL);
      g_auto(GStrv) list = g_strsplit (moves, " ", -1);
      for (int i = 0; list[i] != NULL && *moves != '\0'; i++)
        {
          g_autoptr(GError) local = NULL;
          if (i >= 2000 || !xq_game_play_iccs (g, list[i], &local))
            return bad (error, path, _("move %d “%s” cannot be played"), i + 1, list[i]);
        }
    }
  if (games != NULL)
    {
      JsonArray *a = json_node_get_array (games);
      if ((int) json_array_get_length (a) != t->team_size)
        return bad (error, path, _("“games” must hold one result a board"));
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          JsonNode *g = json_array_get_element (a, i);
          if (!JSON_NODE_HOLDS_VALUE (g) || json_node_get_value_type (g) != G_TYPE_STRING
              || !xq_outcome_from_code (json_node_get_string (g), &p->games[i]))
            return bad (error, path, _("“games” must hold one result a board"));
        }
    }
  if (fouls != NULL)
    {
      JsonArray *a = json_node_get_array (fouls);
      if (json_array_get_length (a) != 2)
        return bad (error, path, _("“fouls” must hold two numbers"));
      for (guint i = 0; i < 2; i++)
        {
          JsonNode *f = json_array_get_element (a, i);
          if (!JSON_NODE_HOLDS_VALUE (f) || json_node_get_value_type (f) != G_TYPE_INT64
              || json_node_get_int (f) < 0 || json_node_get_int (f) > 1000)
            return bad (error, path, _("“fouls” must hold two numbers"));
          p->fouls[i] = (int) json_node_get_int (f);
        }
    }
  return TRUE;
}

/* The clock (第6條): "clock" is a clause, 6.1 … 6.5 (6.3 if absent);
 * 6.5 also needs "clock-minutes", 1–600; the others take none. */
static gboolean
read_clock (JsonObject *o, XqTournament *t, GError **error)
{
  const char *clock = "6.3";
  gint64 minutes = 0;

  if (!get_string (o, "$", "clock", FALSE, &clock, error)
      || !get_int (o, "$", "clock-minutes", 1, 600, FALSE, &minutes, error))
    return FALSE;
  if (!xq_time_control_from_code (clock, &t->clock))
    return bad (error, "$.clock", _("unknown clock “%s”"), clock);
  if (t->clock == XQ_TIME_CONTROL_S0_6_5 && minutes == 0)
    return bad (error, "$", _("“%s” is missing"), "clock-minutes");
  if (t->clock != XQ_TIME_CONTROL_S0_6_5 && minutes != 0)
    return bad (error, "$.clock-minutes", _("only the clock 6.5 has minutes"));
  t->clock_minutes = (int) minutes;
  return TRUE;
}

XqTournament *
xq_tournament_from_json (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(XqTournament) t = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *where = NULL;
  JsonObject *o;
  JsonNode *root, *players = NULL, *rounds = NULL, *audit = NULL;
  const char *format = NULL, *title = "", *system = NULL;
  gint64 version = 0, planned = 0, seed = 0, n_groups = 1, team_size = 0;

  /* Bounded: json-glib's parser recurses, and "[[[[…" 75,000 deep
   * overflowed the stack (December 7, N1). */
  parser = xq_json_parse_limited (data, length < 0 ? strlen (data) : (gsize) length,
                                  MAX_FILE_BYTES, MAX_STRING_BYTES, &where, &local);
  if (parser == NULL)
    {
      bad (error, where, "%s", local->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      bad (error, "$", _("the file must hold one object"));
      return NULL;
    }
  o = json_node_get_object (root);
  if (!get_string (o, "$", "format", TRUE, &format, error))
    return NULL;
  if (strcmp (format, FORMAT_NAME) != 0)
    {
      bad (error, "$.format", _("not a tournament file"));
      return NULL;
    }
  if (!get_int (o, "$", "version", FORMAT_VERSION, FORMAT_VERSION, TRUE, &version, error)
      || !get_string (o, "$", "title", FALSE, &title, error)
      || !get_string (o, "$", "system", TRUE, &system, error)
      || !get_int (o, "$", "rounds-planned", 0, MAX_ROUNDS, TRUE, &planned, error)
      || !get_int (o, "$", "seed", 0, G_MAXUINT32, FALSE, &seed, error)
      || !get_int (o, "$", "groups", 1, 100, FALSE, &n_groups, error)
      || !get_int (o, "$", "team-boards", 0, XQ_MAX_TEAM_BOARDS, FALSE, &team_size, error)
      || !get_member (o, "$", "players", JSON_NODE_ARRAY, TRUE, &players, error)
      || !get_member (o, "$", "rounds", JSON_NODE_ARRAY, TRUE, &rounds, error)
      || !get_member (o, "$", "audit", JSON_NODE_ARRAY, FALSE, &audit, error))
    return NULL;

  t = xq_tournament_alloc ();
  g_free (t->title);
  t->title = g_strdup (title);
  if (!xq_system_from_code (system, &t->system))
    {
      bad (error, "$.system", _("unknown system “%s”"), system);
      return NULL;
    }
  t->rounds_planned = (int) planned;
  t->n_groups = (int) n_groups;
  t->team_size = (int) team_size;
  t->seed = (guint32) seed;
  if (!read_clock (o, t, error))
    return NULL;

  {
    JsonArray *a = json_node_get_array (players);
    guint n = json_array_get_length (a);
    if (n < 2 || n > 200)
      {
        bad (error, "$.players", _("an event has 2 to 200 players"));
        return NULL;
      }
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *path = g_strdup_printf ("$.players[%u]", i);
        JsonNode *node = json_array_get_element (a, i);
        const char *name = NULL;
        XqEntrant *e;
        g_autoptr(GError) why = NULL;
        if (!JSON_NODE_HOLDS_OBJECT (node))
          {
            bad (error, path, _("a player must be an object"));
            return NULL;
          }
        if (!get_string (json_node_get_object (node), path, "name", TRUE, &name, error))
          return NULL;
        if (!xq_tournament_check_name (name, &why))
          {
            bad (error, path, "%s", why->message);
            return NULL;
          }
        if (xq_tournament_find_player (t, name) >= 0)
          {
            bad (error, path, _("%s is already in the event"), name);
            return NULL;
          }
        e = g_new0 (XqEntrant, 1);
        e->name = g_strdup (name);
        g_ptr_array_add (t->players, e);
        {
          gint64 group = 0;
          if (!get_bool (json_node_get_object (node), path, "withdrawn", &e->withdrawn, error)
              || !get_bool (json_node_get_object (node), path, "cancelled", &e->cancelled, error)
              || !get_int (json_node_get_object (node), path, "group", 0, n_groups - 1, FALSE, &group, error))
            return NULL;
          e->group = (int) group;
        }
        if (t->team_size > 0)
          {
            JsonNode *members = NULL;
            JsonArray *list;
            if (!get_member (json_node_get_object (node), path, "members", JSON_NODE_ARRAY, TRUE, &members, error))
              return NULL;
            list = json_node_get_array (members);
            if ((int) json_array_get_length (list) < t->team_size || json_array_get_length (list) > 100)
              {
                bad (error, path, _("a team needs a player for every board"));
                return NULL;
              }
            e->members = g_new0 (char *, json_array_get_length (list) + 1);
            for (guint k = 0; k < json_array_get_length (list); k++)
              {
                JsonNode *m = json_array_get_element (list, k);
                g_autoptr(GError) bad_name = NULL;
                if (!JSON_NODE_HOLDS_VALUE (m) || json_node_get_value_type (m) != G_TYPE_STRING
                    || !xq_tournament_check_name (json_node_get_string (m), &bad_name))
                  {
                    bad (error, path, _("a team member must be a name"));
                    return NULL;
                  }
                e->members[k] = g_strdup (json_node_get_string (m));
              }
          }
      }
  }

  {
    JsonArray *a = json_node_get_array (rounds);
    guint n = json_array_get_length (a);
    if (n > MAX_ROUNDS)
      {
        bad (error, "$.rounds", _("too many rounds"));
        return NULL;
      }
    for (guint r = 0; r < n; r++)
      {
        JsonNode *node = json_array_get_element (a, r);
        JsonArray *boards;
        g_autofree char *rpath = g_strdup_printf ("$.rounds[%u]", r);
        if (!JSON_NODE_HOLDS_ARRAY (node))
          {
            bad (error, rpath, _("a round must be a list of boards"));
            return NULL;
          }
        boards = json_node_get_array (node);
        if (json_array_get_length (boards) > 400)
          {
            bad (error, rpath, _("too many boards"));
            return NULL;
          }
        g_ptr_array_add (t->rounds, g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pairing_free));
        for (guint k = 0; k < json_array_get_length (boards); k++)
          {
            g_autofree char *path = g_strdup_printf ("$.rounds[%u][%u]", r, k);
            GPtrArray *loaded = g_ptr_array_index (t->rounds, r);
            const XqPairing *p, *prev;
            if (!load_pairing (t, json_array_get_element (boards, k), path, (int) k, error))
              return NULL;
            p = g_ptr_array_index (loaded, k);
            prev = k > 0 ? g_ptr_array_index (loaded, k - 1) : NULL;
            /* Board numbers count games, so byes must come last. */
            if (prev != NULL && prev->black == XQ_BYE && p->black != XQ_BYE)
              {
                bad (error, path, _("a game stands after a bye"));
                return NULL;
              }
            for (guint j = 0; j < k; j++)
              {
                const XqPairing *q = g_ptr_array_index (loaded, j);
                if (q->replay_of < 0 && p->replay_of < 0
                    && (q->red == p->red || q->red == p->black || (q->black != XQ_BYE
                        && (q->black == p->red || q->black == p->black))))
                  {
                    bad (error, path, _("a player has two boards in one round"));
                    return NULL;
                  }
              }
          }
      }
  }

  if (audit != NULL)
    {
      JsonArray *a = json_node_get_array (audit);
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          JsonNode *node = json_array_get_element (a, i);
          if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
            {
              g_autofree char *path = g_strdup_printf ("$.audit[%u]", i);
              bad (error, path, _("an audit line must be text"));
              return NULL;
            }
          g_ptr_array_add (t->audit, g_strdup (json_node_get_string (node)));
        }
    }
  return g_steal_pointer (&t);
}

XqTournament *
xq_tournament_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) local = NULL;
  XqTournament *t;

  /* The size is checked before anything is read. */
  if (!xq_safe_file_read (path, MAX_FILE_BYTES, &data, &length, &local))
    {
      /* Too large, or not a file at all (a pipe, a device): the reader's
       * message, which names the file, says which. */
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_FAILED))
        g_set_error_literal (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE, local->message);
      else
        g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_IO, "%s", local->message);
      return NULL;
    }
  t = xq_tournament_from_json (data, (gssize) length, &local);
  if (t == NULL)
    g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE, "%s: %s", path, local->message);
  return t;
}

static gboolean
write_file (const char *path, const char *data, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (xq_safe_file_write (path, data, -1, &local))
    return TRUE;
  g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_IO, "%s", local->message);
  return FALSE;
}

gboolean
xq_tournament_save (const XqTournament *t, const char *path, GError **error)
{
  g_autofree char *data = xq_tournament_to_json (t);
  g_autofree char *old = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;

  /* Both files' temporaries: a save killed while it kept the previous
   * copy leaves "PATH.bak.tmp-…" (December 7, N5). */
  xq_safe_file_clean_temps (path);
  {
    g_autofree char *backup = g_strconcat (path, ".bak", NULL);
    xq_safe_file_clean_temps (backup);
  }
  if (!xq_safe_file_read (path, MAX_FILE_BYTES, &old, &length, &local) &&
      !g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      /* Too large or unreadable: never replaced by a save. */
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE,
                   _("%s cannot be read, so it is not overwritten"), path);
      return FALSE;
    }
  if (old != NULL)
    {
      g_autoptr(XqTournament) previous = xq_tournament_from_json (old, (gssize) length, NULL);
      g_autofree char *backup = g_strconcat (path, ".bak", NULL);
      /* A file that no longer reads is kept for the teacher to look at. */
      if (previous == NULL)
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE,
                       _("%s cannot be read, so it is not overwritten"), path);
          return FALSE;
        }
      /* The message names the event, which the teacher knows. */
      if (!xq_safe_file_write (backup, old, (gssize) length, &local))
        {
          g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_IO,
                       _("%s: not saved, because its previous copy cannot be kept (%s)"), path,
                       local->message);
          return FALSE;
        }
    }
  return write_file (path, data, error);
}

gboolean
xq_tournament_delete_file (const char *path, GError **error)
{
  g_autofree char *backup = g_strconcat (path, ".bak", NULL);
  g_autoptr(GError) local = NULL;

  if (!xq_safe_file_remove_all (backup, &local) || !xq_safe_file_remove_all (path, &local))
    {
      g_set_error (error, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- CSV ------------------------------------------------------------------ */

/* A result code or a number: cells the program writes itself. */
static gboolean
program_cell (const char *text)
{
  XqOutcome outcome;
  char *end = NULL;

  if (xq_outcome_from_code (text, &outcome))
    return TRUE;
  g_ascii_strtod (text, &end);
  return end != text && *end == '\0';
}

/* Names and titles are text a spreadsheet must not run as a formula
 * (xq-csv.h); the program's own cells (numbers, results such as "-+")
 * hold no formula and stay readable. */
static void
csv_field (GString *s, const char *text, gboolean last)
{
  if (program_cell (text))
    xq_csv_add_code (s, text, last);
  else
    xq_csv_add_text (s, text, last);
}

char *
xq_tournament_export_csv (const XqTournament *t)
{
  GString *s = g_string_new (NULL);
  g_autoptr(GArray) standings = xq_tournament_standings (t);
  const char *const *codes = xq_tournament_tiebreak_codes (t);

  if (t->system == XQ_SYSTEM_GROUPS)
    csv_field (s, "group", FALSE);
  csv_field (s, "place", FALSE);
  csv_field (s, "name", FALSE);
  csv_field (s, "points", FALSE);
  for (int k = 0; codes[k] != NULL; k++)
    csv_field (s, codes[k], codes[k + 1] == NULL);
  for (guint i = 0; i < standings->len; i++)
    {
      const XqStanding *st = &g_array_index (standings, XqStanding, i);
      g_autofree char *place = g_strdup_printf ("%d", st->place);
      g_autofree char *pts = xq_format_points (st->points);
      g_autofree char *group = xq_group_name (st->group);
      if (t->system == XQ_SYSTEM_GROUPS)
        csv_field (s, group, FALSE);
      csv_field (s, place, FALSE);
      csv_field (s, xq_tournament_player_name (t, st->player), FALSE);
      csv_field (s, pts, FALSE);
      for (int k = 0; codes[k] != NULL; k++)
        {
          g_autofree char *v = xq_format_points (st->tiebreak[k]);
          csv_field (s, v, codes[k + 1] == NULL);
        }
    }
  g_string_append (s, "\r\n");
  csv_field (s, "round", FALSE);
  csv_field (s, "board", FALSE);
  csv_field (s, "red", FALSE);
  csv_field (s, "black", FALSE);
  csv_field (s, "result", FALSE);
  csv_field (s, "reason", TRUE);
  for (guint r = 0; r < t->rounds->len; r++)
    {
      GPtrArray *boards = g_ptr_array_index (t->rounds, r);
      for (guint b = 0; b < boards->len; b++)
        {
          const XqPairing *p = g_ptr_array_index (boards, b);
          g_autofree char *rn = g_strdup_printf ("%u", r + 1);
          g_autofree char *bn = p->black == XQ_BYE ? g_strdup ("bye") : g_strdup_printf ("%u", b + 1);
          csv_field (s, rn, FALSE);
          csv_field (s, bn, FALSE);
          csv_field (s, xq_tournament_player_name (t, p->red), FALSE);
          csv_field (s, p->black == XQ_BYE ? "" : xq_tournament_player_name (t, p->black), FALSE);
          csv_field (s, xq_outcome_to_code (p->outcome), FALSE);
          csv_field (s, xq_reason_to_code (p->reason), TRUE);
        }
    }
  return g_string_free (s, FALSE);
}
