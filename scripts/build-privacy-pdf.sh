#!/usr/bin/env bash
# Renders docs/privacy/privacy.html to public/docs/privacy.pdf with Debian's Chromium.
# Run after editing the policy; the PDF is committed so the shop needs no browser to serve it.
set -euo pipefail
cd "$(dirname "$0")/.."
"${CHROME_PATH:-/usr/bin/chromium}" --headless --no-sandbox --disable-gpu --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --no-pdf-header-footer --print-to-pdf=public/docs/privacy.pdf "file://$PWD/docs/privacy/privacy.html"
