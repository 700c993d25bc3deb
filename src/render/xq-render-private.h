/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-render-private.h: what the renderer's files share and nobody else needs.
 *
 * Everything is drawn through XqPainter, which writes either SVG elements or
 * cairo calls from the same drawing code.  The board and the pieces are only
 * ever written as SVG (then rasterised by librsvg); annotations go both ways,
 * so a cached frame shows exactly the marks the SVG export shows.
 */
#pragma once

#include "xq-render.h"

G_BEGIN_DECLS

/* ---- Glyph outlines (data/glyphs/xq-glyph-data.h) ------------------------ */

typedef struct {
  const char *text;      /* one UTF-8 character */
  int         face;      /* XQ_GLYPH_* */
  int         advance;   /* in 1/1000 em */
  int         box[4];    /* ink x0, y0, x1, y1 in 1/1000 em, y down from the em top */
  const char *d;         /* absolute M/L/C/Z path data in the same units */
} XqGlyph;

/* Faces: see tools/extract-glyphs.py. */
enum {
  XQ_FACE_SERIF_TC = 0,
  XQ_FACE_SANS_SC  = 1,
  XQ_FACE_LATIN    = 2,
};

/* The outline of one character from a face, or NULL if not extracted. */
const XqGlyph *xq_glyph_lookup (int face, const char *utf8_char);

/* ---- Colours --------------------------------------------------------------- */

typedef guint32 XqRgba;   /* 0xRRGGBBAA */

typedef struct {
  XqRgba board;                     /* the playing field */
  XqRgba margin;                    /* the board plate outside the frame */
  XqRgba line, river_text, numbers, coords;
  XqRgba shadow;
  double face;                      /* radius of the piece face / disc radius; the rest is rim */
  XqRgba red_rim, red_face, red_ring, red_ink;
  XqRgba black_rim, black_face, black_ring, black_ink;
  XqRgba back_rim, back_face, back_ink;  /* face-down pieces */
  XqRgba roles[8];                  /* XqColorRole -> colour; [0] unused */
} XqPalette;

const XqPalette *xq_palette_get (XqTheme theme);

/* ---- Painter ----------------------------------------------------------------- */

typedef struct {
  GString *svg;      /* SVG backend when set */
  cairo_t *cr;       /* cairo backend otherwise */
} XqPainter;

#define XQ_NO_PAINT ((XqRgba) 0)

void xq_painter_circle   (XqPainter *p, double cx, double cy, double r,
                          XqRgba fill, XqRgba stroke, double stroke_width);
void xq_painter_rect     (XqPainter *p, double x, double y, double w, double h, double radius,
                          XqRgba fill, XqRgba stroke, double stroke_width);
void xq_painter_line     (XqPainter *p, double x0, double y0, double x1, double y1,
                          XqRgba stroke, double width);
/* pts holds n (x, y) pairs. */
void xq_painter_polyline (XqPainter *p, const double *pts, int n, gboolean closed,
                          XqRgba fill, XqRgba stroke, double stroke_width);
/* Path data (absolute M/L/C/Z, also Q and A-free H/V are NOT supported)
 * in units that are scaled by `scale` and then moved by (x, y). */
void xq_painter_path     (XqPainter *p, const char *d, double x, double y, double scale,
                          XqRgba fill, XqRgba stroke, double stroke_width);
/* Draws a glyph with its em box (or, for Latin, its ink box) centred on
 * (cx, cy), em size `size` px. */
void xq_painter_glyph    (XqPainter *p, const XqGlyph *glyph, double cx, double cy, double size,
                          XqRgba fill);

/* ---- Drawing --------------------------------------------------------------- */

void xq_draw_board       (XqPainter *p, const XqBoardGeometry *geom, const XqRenderStyle *style);
void xq_draw_piece       (XqPainter *p, XqPiece piece, const XqRenderStyle *style,
                          double cx, double cy, double radius);
/* The disc every face-up piece stands on (shadow, rim, face, rings); moves
 * *cy to the centre of the face, where the figure goes. */
void xq_draw_disc        (XqPainter *p, XqColor color, const XqRenderStyle *style,
                          double cx, double *cy, double r);
void xq_draw_glyph_text  (XqPainter *p, int face, const char *ch, double cx, double cy,
                          double size, XqRgba ink);
/* The character of a xiangqi piece type in the set, and its glyph face
 * (NULL for a set of pictures); the words on the river for the set
 * (xq-piece-sets.c). */
const char *xq_piece_char      (XqColor color, XqPieceType type, XqPieceSet set, int *face);
const char *xq_piece_set_river (XqPieceSet set, int *face);

/* ---- Piece pictures (data/pieces/SET/PIECE.svg) ------------------------------
 * tools/gen-piece-pictures.py turns each SVG file into a list of shapes in
 * the -50..50 box around the piece's centre (xq-piece-pictures.h, built). */
typedef enum {
  XQ_SHAPE_CIRCLE,    /* v: cx cy r */
  XQ_SHAPE_RECT,      /* v: x y width height rx */
  XQ_SHAPE_LINE,      /* v: x1 y1 x2 y2 */
  XQ_SHAPE_POLYGON,   /* v: n_v / 2 points */
  XQ_SHAPE_PATH,      /* d */
} XqShapeKind;

typedef enum {
  XQ_SHAPE_PAINT_NONE,
  XQ_SHAPE_PAINT_INK,    /* #000000 in the file: the piece's ink */
  XQ_SHAPE_PAINT_FACE,   /* #ffffff in the file: the disc's face colour */
} XqShapePaint;

typedef struct {
  XqShapeKind   kind;
  XqShapePaint  fill, stroke;
  double        stroke_width;
  int           n_v;
  const double *v;
  const char   *d;       /* absolute M/L/C/Z path data */
} XqPictureShape;

typedef struct {
  const char           *set;      /* the folder: the set's name in the table */
  const char           *name;     /* the file without ".svg": "king", "red-king" */
  const XqPictureShape *shapes;
  int                   n_shapes;
} XqPiecePicture;

/* Every picture that was built in, in no particular order. */
guint                 xq_piece_pictures_count     (void);
const XqPiecePicture *xq_piece_pictures_nth       (guint i);
/* The picture of a piece in a set of pictures: the folder's
 * "COLOUR-PIECE.svg" ("red-king") if there is one, else its "PIECE.svg"
 * ("king"); NULL if neither exists or the set draws characters. */
const XqPiecePicture *xq_piece_set_picture        (XqPieceSet set, XqColor color, XqPieceType type);
/* TRUE if name is a picture's file name the sets use ("king", "red-king"). */
gboolean              xq_piece_picture_name_known (const char *name);
/* Draws a picture in the -50..50 box around (cx, cy), u pixels per unit. */
void xq_draw_picture     (XqPainter *p, const XqPiecePicture *picture, double cx, double cy, double u,
                          XqRgba ink, XqRgba face);
/* occupied: XQ_SQUARES flags (a piece stands there) or NULL. */
void xq_draw_annotations (XqPainter *p, const XqBoardGeometry *geom, const XqRenderStyle *style,
                          const XqAnnotations *annots, const guint8 *occupied, int layer);

/* Fills occupied[XQ_SQUARES]; returns occupied, or NULL without a board. */
const guint8 *xq_occupied_from_position (const XqPosition *pos, guint8 *occupied);
const guint8 *xq_occupied_from_scene    (const XqScene *scene, guint8 *occupied);

/* xq-render-tokens.c */
void xq_draw_half_board  (XqPainter *p, const XqBoardGeometry *geom, const XqRenderStyle *style);
void xq_draw_token       (XqPainter *p, const XqToken *token, const XqRenderStyle *style,
                          double cx, double cy, double radius);
/* Any board by the geometry's shape. */
void xq_draw_scene_board (XqPainter *p, const XqBoardGeometry *geom, const XqRenderStyle *style);

/* The SVG document head and tail around painter output. */
void xq_svg_begin        (GString *svg, double width, double height);
void xq_svg_end          (GString *svg);

/* Room around a piece disc in its own SVG and cached surface, for the shadow. */
#define XQ_PIECE_BOX_SCALE 1.16

/* Ends a PDF written to filename: finishes and frees surface (its cairo_t
 * destroyed already).  ok: the pages were drawn.  A cairo error writing the
 * file becomes XQ_RENDER_ERROR_IO, "FILE: reason"; on any failure the file
 * is removed.  Returns ok and the file's status together. */
gboolean xq_render_finish_pdf (cairo_surface_t *surface, const char *filename, gboolean ok,
                               GError **error);

G_END_DECLS
