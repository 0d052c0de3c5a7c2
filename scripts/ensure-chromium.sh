#!/usr/bin/env bash
# The SDK's browser check drives a system Chromium through playwright-core; it never downloads a
# browser build. Where none is installed, install Debian's package (root, or through sudo).
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "No Chromium found and no apt-get: install Chromium and set CHROMIUM_PATH to its binary." >&2
  exit 1
fi
echo "Installing Debian's chromium for the SDK browser check"
if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
