"""Shared fixtures: Debian's Chromium for the pages' tests (one browser per module), and every
bundled game built once per test session with the default options,
on A4 and on Letter, for the tests that measure the default output (they read the files and
never change them). A test that needs other options builds into its own folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pnp.build import BuildOptions, GameBuild, build
from pnp.games import GAMES


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """``built(paper)`` -> (folder, results) of building every bundled game on ``paper``."""
    cache: dict[str, tuple[Path, list[GameBuild]]] = {}

    def get(paper: str = "a4") -> tuple[Path, list[GameBuild]]:
        if paper not in cache:
            out = tmp_path_factory.mktemp(f"built-{paper}")
            cache[paper] = (out, build(list(GAMES), BuildOptions(out_dir=out, paper=paper)))
        return cache[paper]

    return get


# --- Chromium (Playwright), for the pages: the dispute report, the review view, pnp table ---------

# as root in a container Chromium needs --no-sandbox; the rest keep it off a closed network
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--disable-quic"]


def chromium() -> str:
    """Debian's Chromium (.ci/system-packages installs it), or $PNP_CHROMIUM: a test never skips for lack of it."""
    found = os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.fail("no Chromium: bash .ci/system-packages installs Debian's (or set PNP_CHROMIUM)")
    return found


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module (Playwright's sync API); each test opens its own contexts."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        yield b
        b.close()


# --- the fast loop: `pytest -m "not slow"` ------------------------------------------------------
# A test is slow when it takes a second or more (`pytest --durations=150` shows them), or when a
# whole module is (a browser, a server, whole builds, many simulated games). They are marked here,
# by where they are, so that no test file needs a line for it; a test missing from this list is
# only run in the fast loop too. The fast loop still covers every engine (its own tests and the
# light cases of the conformance suite). CI runs everything.

SLOW_MODULES = {'test_table_app.py',
                'test_simulate_cli.py',
                'test_fuzz_cards.py',
                'test_policy_search.py',
                'test_gutters.py',
                'test_review_page.py',
                'test_dispute_page.py',
                'test_table_start.py',
                'test_table_moves_so_long_my_world.py',
                'test_table_logs_so_long_my_world.py',
                'test_table_logs_kartomantik.py',
                'test_hostile_outputs.py',
                'test_hostile_numbers.py',  # 912 bounds, each a build or a check: 80 s of a fast loop's 280
                'test_hostile_files.py',  # every reader given special files, links and encodings: 45 s
                'test_log_stream.py'}
SLOW_TESTS = (  # node ids, or the start of them (every parameter of a test)
    'test_boards.py::TestTiledPdf::test_every_page_is_portrait_a4_with_footer_and_ruler',
    'test_build_pdf.py::TestCards::test_card_faces_per_component_equal_the_data',
    'test_build_pdf.py::TestCards::test_duplex_off_puts_the_backs_after_the_fronts',
    'test_build_pdf.py::TestCards::test_each_back_is_the_mirror_of_its_front',
    'test_build_pdf.py::TestOutput::test_footer_names_game_component_and_page',
    'test_build_pdf.py::TestPages::test_letter_eight_poker_cards_turned_on_portrait_pages',
    'test_card_details.py::test_every_card_of_the_example_logs_has_its_detail',
    'test_card_details.py::test_every_card_shown_has_its_detail',
    'test_engine_kartomantik.py::TestSimulation::test_mutations_are_caught',
    'test_engine_relics.py::TestSimulation::test_greedy_plays_better',
    'test_engine_relics.py::TestSimulation::test_hundreds_of_games_legal_and_complete',
    'test_engine_relics.py::TestSimulation::test_mutations_are_caught',
    'test_engine_so_long_my_world.py::test_mutations_are_caught',
    'test_engine_so_long_my_world.py::test_simulated_coop_and_variants',
    'test_engine_so_long_my_world.py::test_simulated_games_are_legal',
    'test_engine_so_long_my_world.py::test_the_same_seed_gives_the_same_log_whatever_the_hash_seed',
    'test_exports.py::TestBuild::test_second_export_replaces_the_first_whole',
    'test_exports.py::TestPng::test_poker_faces_are_815_by_1110',
    'test_exports.py::TestTts::test_sheets_within_the_limits_and_numbers_add_up',
    'test_log_core.py::TestNotALog::test_check_logs_reports_unusable_files_and_exit_2',
    'test_log_fuzz.py::test_mutated_logs_never_crash_the_checker',
    'test_loose_tokens.py::TestVisionsCubes::test_five_cubes_on_one_front_page_at_12_mm',
    'test_page_checks.py::test_a_game_of_ones_own_measures_clean_at_every_other_card_size',  # 72 builds: 12 s
    'test_pdfx.py::test_ghostscript_reads_it_without_a_warning_and_prints_the_inks_written',
    'test_pdfx.py::test_pdfx_is_for_the_pod_export_and_rebuilds_the_same_bytes',
    'test_pdfx.py::test_pnp_finds_nothing_wrong_with_what_it_wrote',
    'test_presets.py::test_a_deck_near_no_preset_keeps_its_size_with_a_note',
    'test_presets.py::test_every_image_is_the_preset_size',
    'test_render_details.py::TestArt::test_one_image_on_many_cards_is_stored_once',
    'test_render_details.py::test_heartbreak_cards_print_the_hour_in_roman_numerals',
    'test_render_details.py::test_inline_symbols_are_drawn_not_printed_as_braces',
    'test_schema.py::test_every_bundled_layout_file_fits_the_layout_schema',
    'test_screens.py::TestCutAndFolds::test_back_offset_moves_the_inside_only',
    'test_screens.py::TestCutAndFolds::test_dashed_folds_at_the_panel_boundaries_on_both_sides',
    'test_screens.py::TestCutAndFolds::test_folds_on_the_back_are_the_mirror_of_the_front',
    'test_screens.py::TestCutAndFolds::test_inside_stands_upright_behind_the_outside',
    'test_screens.py::TestCutAndFolds::test_no_cut_line_on_the_inside',
    'test_screens.py::TestLook::test_reference_text_at_least_6_pt',
    'test_table_logs_relics.py::test_a_search_game_too',
    'test_table_logs_relics.py::test_mutations_of_table_views_are_caught',
    'test_table_logs_relics.py::test_table_views_are_legal_with_the_same_result',
    'test_table_logs_visions.py::test_mutations_of_table_views_are_caught',
    'test_table_logs_visions.py::test_table_views_are_legal_with_the_same_result',
    'test_table_moves_kartomantik.py::test_every_entry_of_a_table_view_is_offered',
    'test_table_moves_kartomantik.py::test_games_played_at_the_table_end_legal_and_complete',
    'test_table_moves_relics.py::test_each_entry_of_a_table_view_is_offered',
    'test_table_moves_relics.py::test_every_action_offered_is_legal_and_names_what_it_turns_up',
    'test_table_moves_relics.py::test_games_played_at_the_table_are_legal_and_complete',
    'test_table_moves_visions.py::test_games_played_at_the_table_are_legal_and_complete',
    'test_tokens.py::TestBacks::test_back_offset_moves_every_back',
    'test_tokens.py::TestBacks::test_duplex_off_puts_the_backs_after_the_fronts',
    'test_tokens.py::TestBacks::test_short_edge_backs_mirror_top_bottom_turned',
    'test_tokens.py::TestCounts::test_one_cut_circle_per_token_at_its_diameter',
    'test_tokens.py::TestGeometry::test_ruler_and_footer_clear_of_the_tokens',
    'test_tokens.py::TestOptions::test_bleed_option_and_clamp',
    'test_tokens.py::TestOptions::test_byte_identical_rebuild',
    'test_tokens.py::TestOptions::test_no_bleed_still_leaves_room_for_scissors',
    'test_tokens.py::TestSingleSided::test_no_blank_pages_without_duplex',
    'test_tokens.py::TestSingleSided::test_pages_of_single_sided_tokens_are_kept_apart_by_a_blank_page',
    'test_view_so_long_my_world.py::test_views_leave_the_state_alone',
    'test_conformance.py::test_simulated_games_conform[so-long-my-world-',
    'test_conformance.py::test_greedy_games_at_the_table_end',)


# --- the order of a parallel run ------------------------------------------------------------------
# pytest-xdist hands out whole modules (`--dist loadfile`, pyproject.toml: a module's fixtures are
# made on one worker only), in the order below: the longest first (seconds of one idle run on two
# cores, `pytest --durations=0` summed by module; the run took 337 s), so that the last minute of a
# run is short modules on both workers, not one worker still in a long module while the other
# waits. A module not listed runs after these in its usual order; a wrong figure costs only
# balance, never a test.

LONGEST_FIRST = (
    'test_table_app.py',                      # 80.3 s
    'test_review_page.py',                    # 36.5 s
    'test_table_moves_so_long_my_world.py',   # 27.6 s
    'test_hostile_outputs.py',                # 27.1 s
    'test_conformance.py',                    # 26.5 s
    'test_gutters.py',                        # 22.2 s
    'test_build_pdf.py',                      # 22.1 s
    'test_tokens.py',                         # 18.9 s
    'test_hostile_numbers.py',                # 18.6 s
    'test_exports.py',                        # 18.2 s
    'test_engine_so_long_my_world.py',        # 18.0 s
    'test_simulate_many.py',                  # 15.6 s
    'test_table_logs_kartomantik.py',         # 15.6 s
    'test_hostile_images.py',                 # 14.8 s
    'test_fuzz_cards.py',                     # 13.7 s
    'test_boards.py',                         # 13.0 s
    'test_page_checks.py',                    # 12.4 s
    'test_table_start.py',                    # 12.1 s
    'test_card_details.py',                   # 11.5 s
    'test_engine_kartomantik.py',             # 11.1 s
    'test_dispute_page.py',                   # 9.5 s
)


@pytest.hookimpl(tryfirst=True)  # before `-m "not slow"` deselects by the mark
def pytest_collection_modifyitems(config, items):
    for item in items:
        nodeid = item.nodeid.removeprefix("tests/")
        if nodeid.split("::")[0] in SLOW_MODULES or nodeid.startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)


class LongestFirst:
    """The order of the items, set after pytest has grouped them by their fixtures (a conftest
    cannot hold two implementations of one hook, hence a plugin of its own)."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items):
        rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
        items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: each module keeps its order


def pytest_configure(config):
    config.pluginmanager.register(LongestFirst(), "pnp-longest-first")
