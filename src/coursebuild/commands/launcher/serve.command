#!/bin/sh
# macOS: double-click to serve the course and open it in the browser
cd "$(dirname "$0")" && exec python3 serve.py
