#!/usr/bin/env bash
# Installs what the browser test needs: Debian's Chromium (the test never downloads a browser
# of its own) and playwright-core from npm at the version of package-lock.json.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v chromium >/dev/null; then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
npm ci --no-audit --no-fund --silent
