#!/usr/bin/env bash
# How pnp/icc/FOGRA39-pnp.icc was made (run once; the profile is committed, so builds and CI
# need neither tool). Debian packages: argyll (colprof) and icc-profiles-free (Fogra's
# FOGRA39L characterisation data, Zlib licence, and an sRGB profile).
#
#   -qm        medium quality tables
#   -kr        black generation: a ramp (neutral greys lean on K)
#   -l300      total ink limit 300 % (FOGRA39's paper takes 330 %: kept under it)
#   -L95       black ink limit 95 %
#   -S sRGB    perceptual tables mapped from the sRGB gamut, the colours layouts give
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
data=/usr/share/color/icc
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$data/FOGRA39L.ti3" "$work/"
cd "$work"
colprof -qm -kr -l300 -L95 -S "$data/sRGB.icc" -cmt -dpp \
  -D "FOGRA39 (coated, ISO 12647-2) by pnp with ArgyllCMS from Fogra's data" \
  -C "Profile: no copyright claimed. Data: Fogra, via ICC Profiles Free (Zlib)" FOGRA39L
cp FOGRA39L.icc "$repo/pnp/icc/FOGRA39-pnp.icc"
