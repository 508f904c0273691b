"""The one board drawer (generator/kit/board.py): its layers' order, its words and a new game's board."""

from generator.kit.board import BoardLook, Word, chequer, coordinates, draw_board, word_boxes
from generator.kit.layout import square_geometry
from generator.kit.svg import SVGCanvas
from generator.pdf import INK, PAPER, hx


def test_layers_run_in_the_skeletons_order():
    geo = square_geometry(40.0, 5, 4)
    seen = []

    def layer(name):
        return lambda c, g: seen.append((name, g is geo))

    draw_board(SVGCanvas(geo.width, geo.height), geo, BoardLook(frame=hx("#3b2a20"), words=PAPER),
               squares=layer("squares"), marks=layer("marks"), frame_marks=layer("frame_marks"),
               emblems=layer("emblems"))
    assert seen == [("squares", True), ("marks", True), ("frame_marks", True), ("emblems", True)]


def test_a_new_game_board_is_only_its_look_and_decorations():
    geo = square_geometry(40.0, 6, 6)
    canvas = SVGCanvas(geo.width, geo.height)

    def dark(c, g):
        c.setFillColor(hx("#c6a878"))
        for square in chequer(g, 0):
            c.rect(square.x, square.y, square.w, square.h, fill=1, stroke=0)

    look = BoardLook(frame=hx("#3b2a20"), words=PAPER, ground=hx("#f1e6cb"), grid=INK, ring=hx("#d4a437"),
                     ring_gap=4.0)
    draw_board(canvas, geo, look, squares=dark,
               words=coordinates(geo, 10.0, bottom=geo.frame_y * 0.4, top=geo.height - geo.frame_y * 0.4,
                                 side=geo.frame / 2))
    svg = canvas.svg()
    assert svg.startswith("<svg") and svg.count("<text") + svg.count("<path") > 18


def test_coordinates_go_file_by_file_then_rank_by_rank():
    geo = square_geometry(30.0, 3, 2)
    words = coordinates(geo, 9.0, bottom=5.0, top=geo.height - 5.0, side=6.0)
    assert [w.text for w in words] == ["a", "a", "b", "b", "c", "c", "1", "1", "2", "2"]
    assert [w.angle for w in words[:2]] == [None, 180.0]
    assert {w.x for w in words[6:]} == {6.0, geo.width - 6.0}


def test_word_boxes_hang_below_a_turned_word():
    upright, turned = word_boxes([Word("abc", 50.0, 10.0, 10.0), Word("abc", 50.0, 10.0, 10.0, angle=180.0)])
    assert upright.w == turned.w and upright.h == turned.h == 10.0
    assert upright.y == 7.5 and turned.y == 2.5
