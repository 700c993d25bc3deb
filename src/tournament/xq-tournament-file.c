/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-tournament-file.c: the saved event (JSON) and the CSV export.  Loading
 * is strict: every problem names its JSON path, and nothing half-read is
 * returned. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-json-reader.h"
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

static gboolean
load_pairing (XqTournament *t, XqJsonReader *rd, JsonNode *node, const char *path, int n_boards)
{
  JsonObject *o = NULL;
  gint64 red = 0, black = 0, replay = -1, slot = -1;
  const char *result = "", *reason = "", *moves = NULL;
  JsonArray *fouls = NULL, *games = NULL;
  XqPairing *p;
  int np = (int) t->players->len;

  if (!xq_json_node_object (rd, node, path, G_MAXUINT, &o))
    return FALSE;
  if (!xq_json_get_int (rd, o, path, "red", XQ_JSON_REQUIRED, 0, np - 1, &red)
      || !xq_json_get_int (rd, o, path, "black", XQ_JSON_REQUIRED, XQ_BYE, np - 1, &black)
      || !xq_json_get_string (rd, o, path, "result", XQ_JSON_OPTIONAL, &result)
      || !xq_json_get_string (rd, o, path, "reason", XQ_JSON_OPTIONAL, &reason)
      || !xq_json_get_string (rd, o, path, "moves", XQ_JSON_OPTIONAL, &moves)
      || !xq_json_get_int (rd, o, path, "replay-of", XQ_JSON_OPTIONAL, -1, n_boards - 1, &replay)
      || !xq_json_get_int (rd, o, path, "slot", XQ_JSON_OPTIONAL, -1, 1 << 20, &slot)
      || !xq_json_get_array (rd, o, path, "fouls", XQ_JSON_OPTIONAL, G_MAXUINT, &fouls)
      || !xq_json_get_array (rd, o, path, "games", XQ_JSON_OPTIONAL, G_MAXUINT, &games))
    return FALSE;
  if (red == black)
    return xq_json_reader_problem (rd, path, _("a player cannot meet themselves"));
  p = xq_pairing_new ((int) red, (int) black);
  p->replay_of = (int) replay;
  p->slot = (int) slot;
  p->moves = g_strdup (moves);
  g_ptr_array_add (g_ptr_array_index (t->rounds, t->rounds->len - 1), p);
  if (!xq_outcome_from_code (result, &p->outcome))
    return xq_json_reader_problem (rd, path, _("unknown result “%s”"), result);
  if (*reason == '\0')
    p->reason = XQ_REASON_NONE;
  else if (!xq_reason_from_code (reason, &p->reason))
    return xq_json_reader_problem (rd, path, _("unknown reason “%s”"), reason);
  if (moves != NULL)
    {
      /* The moves must replay from the start: a score sheet is printed from them. */
      g_autoptr(XqGame) g = xq_game_new (NULL);
      g_auto(GStrv) list = g_strsplit (moves, " ", -1);
      for (int i = 0; list[i] != NULL && *moves != '\0'; i++)
        {
          g_autoptr(GError) local = NULL;
          if (i >= 2000 || !xq_game_play_iccs (g, list[i], &local))
            return xq_json_reader_problem (rd, path, _("move %d “%s” cannot be played"), i + 1, list[i]);
        }
    }
  if (games != NULL)
    {
      JsonArray *a = games;
      if ((int) json_array_get_length (a) != t->team_size)
        return xq_json_reader_problem (rd, path, _("“games” must hold one result a board"));
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          JsonNode *g = json_array_get_element (a, i);
          if (!JSON_NODE_HOLDS_VALUE (g) || json_node_get_value_type (g) != G_TYPE_STRING
              || !xq_outcome_from_code (json_node_get_string (g), &p->games[i]))
            return xq_json_reader_problem (rd, path, _("“games” must hold one result a board"));
        }
    }
  if (fouls != NULL)
    {
      JsonArray *a = fouls;
      if (json_array_get_length (a) != 2)
        return xq_json_reader_problem (rd, path, _("“fouls” must hold two numbers"));
      for (guint i = 0; i < 2; i++)
        {
          g_autofree char *fpath = g_strdup_printf ("%s.fouls[%u]", path, i);
          gint64 f = 0;
          if (!xq_json_node_int (rd, json_array_get_element (a, i), fpath, 0, 1000, &f))
            return FALSE;
          p->fouls[i] = (int) f;
        }
    }
  return TRUE;
}

/* The clock (第6條): "clock" is a clause, 6.1 … 6.5 (6.3 if absent);
 * 6.5 also needs "clock-minutes", 1–600; the others take none. */
static gboolean
read_clock (XqJsonReader *rd, JsonObject *o, XqTournament *t)
{
  const char *clock = "6.3";
  gint64 minutes = 0;

  if (!xq_json_get_string (rd, o, "$", "clock", XQ_JSON_OPTIONAL, &clock)
      || !xq_json_get_int (rd, o, "$", "clock-minutes", XQ_JSON_OPTIONAL, 1, 600, &minutes))
    return FALSE;
  if (!xq_time_control_from_code (clock, &t->clock))
    return xq_json_reader_problem (rd, "$.clock", _("unknown clock “%s”"), clock);
  if (t->clock == XQ_TIME_CONTROL_S0_6_5 && minutes == 0)
    return xq_json_reader_problem (rd, "$", _("“%s” is missing"), "clock-minutes");
  if (t->clock != XQ_TIME_CONTROL_S0_6_5 && minutes != 0)
    return xq_json_reader_problem (rd, "$.clock-minutes", _("only the clock 6.5 has minutes"));
  t->clock_minutes = (int) minutes;
  return TRUE;
}

/* The event in data, or NULL with the problem in rd. */
static XqTournament *
load (XqJsonReader *rd, const char *data, gsize length)
{
  g_autoptr(XqTournament) t = NULL;
  JsonObject *o;
  JsonArray *players = NULL, *rounds = NULL, *audit = NULL;
  const char *format = NULL, *title = "", *system = NULL;
  gint64 version = 0, planned = 0, seed = 0, n_groups = 1, team_size = 0;

  /* Bounded: json-glib's parser recurses, and "[[[[…" 75,000 deep
   * overflowed the stack (December 7, N1); the reader counts the nesting
   * first. */
  o = xq_json_reader_parse_object (rd, data, length, MAX_FILE_BYTES, MAX_STRING_BYTES);
  if (o == NULL)
    return NULL;
  if (!xq_json_get_string (rd, o, "$", "format", XQ_JSON_REQUIRED, &format))
    return NULL;
  if (strcmp (format, FORMAT_NAME) != 0)
    {
      xq_json_reader_problem (rd, "$.format", _("not a tournament file"));
      return NULL;
    }
  if (!xq_json_get_int (rd, o, "$", "version", XQ_JSON_REQUIRED, FORMAT_VERSION, FORMAT_VERSION, &version)
      || !xq_json_get_string (rd, o, "$", "title", XQ_JSON_OPTIONAL, &title)
      || !xq_json_get_string (rd, o, "$", "system", XQ_JSON_REQUIRED, &system)
      || !xq_json_get_int (rd, o, "$", "rounds-planned", XQ_JSON_REQUIRED, 0, MAX_ROUNDS, &planned)
      || !xq_json_get_int (rd, o, "$", "seed", XQ_JSON_OPTIONAL, 0, G_MAXUINT32, &seed)
      || !xq_json_get_int (rd, o, "$", "groups", XQ_JSON_OPTIONAL, 1, 100, &n_groups)
      || !xq_json_get_int (rd, o, "$", "team-boards", XQ_JSON_OPTIONAL, 0, XQ_MAX_TEAM_BOARDS, &team_size)
      || !xq_json_get_array (rd, o, "$", "players", XQ_JSON_REQUIRED, G_MAXUINT, &players)
      || !xq_json_get_array (rd, o, "$", "rounds", XQ_JSON_REQUIRED, G_MAXUINT, &rounds)
      || !xq_json_get_array (rd, o, "$", "audit", XQ_JSON_OPTIONAL, G_MAXUINT, &audit))
    return NULL;

  t = xq_tournament_alloc ();
  g_free (t->title);
  t->title = g_strdup (title);
  if (!xq_system_from_code (system, &t->system))
    {
      xq_json_reader_problem (rd, "$.system", _("unknown system “%s”"), system);
      return NULL;
    }
  t->rounds_planned = (int) planned;
  t->n_groups = (int) n_groups;
  t->team_size = (int) team_size;
  t->seed = (guint32) seed;
  if (!read_clock (rd, o, t))
    return NULL;

  {
    JsonArray *a = players;
    guint n = json_array_get_length (a);
    if (n < 2 || n > 200)
      {
        xq_json_reader_problem (rd, "$.players", _("an event has 2 to 200 players"));
        return NULL;
      }
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *path = g_strdup_printf ("$.players[%u]", i);
        JsonObject *player = NULL;
        const char *name = NULL;
        XqEntrant *e;
        g_autoptr(GError) why = NULL;
        if (!xq_json_node_object (rd, json_array_get_element (a, i), path, G_MAXUINT, &player))
          return NULL;
        if (!xq_json_get_string (rd, player, path, "name", XQ_JSON_REQUIRED, &name))
          return NULL;
        if (!xq_tournament_check_name (name, &why))
          {
            xq_json_reader_problem (rd, path, "%s", why->message);
            return NULL;
          }
        if (xq_tournament_find_player (t, name) >= 0)
          {
            xq_json_reader_problem (rd, path, _("%s is already in the event"), name);
            return NULL;
          }
        e = g_new0 (XqEntrant, 1);
        e->name = g_strdup (name);
        g_ptr_array_add (t->players, e);
        {
          gint64 group = 0;
          if (!xq_json_get_bool (rd, player, path, "withdrawn", XQ_JSON_OPTIONAL, &e->withdrawn)
              || !xq_json_get_bool (rd, player, path, "cancelled", XQ_JSON_OPTIONAL, &e->cancelled)
              || !xq_json_get_int (rd, player, path, "group", XQ_JSON_OPTIONAL, 0, n_groups - 1, &group))
            return NULL;
          e->group = (int) group;
        }
        if (t->team_size > 0)
          {
            JsonArray *list = NULL;
            if (!xq_json_get_array (rd, player, path, "members", XQ_JSON_REQUIRED, G_MAXUINT, &list))
              return NULL;
            if ((int) json_array_get_length (list) < t->team_size || json_array_get_length (list) > 100)
              {
                xq_json_reader_problem (rd, path, _("a team needs a player for every board"));
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
                    xq_json_reader_problem (rd, path, _("a team member must be a name"));
                    return NULL;
                  }
                e->members[k] = g_strdup (json_node_get_string (m));
              }
          }
      }
  }

  {
    JsonArray *a = rounds;
    guint n = json_array_get_length (a);
    if (n > MAX_ROUNDS)
      {
        xq_json_reader_problem (rd, "$.rounds", _("too many rounds"));
        return NULL;
      }
    for (guint r = 0; r < n; r++)
      {
        JsonArray *boards = NULL;
        g_autofree char *rpath = g_strdup_printf ("$.rounds[%u]", r);
        if (!xq_json_node_array (rd, json_array_get_element (a, r), rpath, G_MAXUINT, &boards))
          return NULL;
        if (json_array_get_length (boards) > 400)
          {
            xq_json_reader_problem (rd, rpath, _("too many boards"));
            return NULL;
          }
        g_ptr_array_add (t->rounds, g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pairing_free));
        for (guint k = 0; k < json_array_get_length (boards); k++)
          {
            g_autofree char *path = g_strdup_printf ("$.rounds[%u][%u]", r, k);
            GPtrArray *loaded = g_ptr_array_index (t->rounds, r);
            const XqPairing *p, *prev;
            if (!load_pairing (t, rd, json_array_get_element (boards, k), path, (int) k))
              return NULL;
            p = g_ptr_array_index (loaded, k);
            prev = k > 0 ? g_ptr_array_index (loaded, k - 1) : NULL;
            /* Board numbers count games, so byes must come last. */
            if (prev != NULL && prev->black == XQ_BYE && p->black != XQ_BYE)
              {
                xq_json_reader_problem (rd, path, _("a game stands after a bye"));
                return NULL;
              }
            for (guint j = 0; j < k; j++)
              {
                const XqPairing *q = g_ptr_array_index (loaded, j);
                if (q->replay_of < 0 && p->replay_of < 0
                    && (q->red == p->red || q->red == p->black || (q->black != XQ_BYE
                        && (q->black == p->red || q->black == p->black))))
                  {
                    xq_json_reader_problem (rd, path, _("a player has two boards in one round"));
                    return NULL;
                  }
              }
          }
      }
  }

  if (audit != NULL)
    {
      JsonArray *a = audit;
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          g_autofree char *path = g_strdup_printf ("$.audit[%u]", i);
          const char *line = NULL;
          if (!xq_json_node_string (rd, json_array_get_element (a, i), path, &line))
            return NULL;
          g_ptr_array_add (t->audit, g_strdup (line));
        }
    }
  return g_steal_pointer (&t);
}

XqTournament *
xq_tournament_from_json (const char *data, gssize length, GError **error)
{
  g_autoptr(XqJsonReader) rd = NULL;
  g_autoptr(XqTournament) t = NULL;

  /* The file is named by the caller (xq_tournament_load). */
  rd = xq_json_reader_new (NULL, XQ_TOURNAMENT_ERROR, XQ_TOURNAMENT_ERROR_FILE);
  t = load (rd, data, length < 0 ? strlen (data) : (gsize) length);
  if (!xq_json_reader_propagate (rd, error))
    return NULL;
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
