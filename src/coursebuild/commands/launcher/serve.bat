@echo off
rem Windows: double-click to serve the course and open it in the browser
cd /d "%~dp0"
py -3 serve.py 2>nul || python serve.py
pause
