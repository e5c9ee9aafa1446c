@echo off
REM Launches Race Element minimized, then starts Assetto Corsa Competizione through Steam.
REM Change the /D folder below if you keep RaceElement.exe somewhere else.
START "" /D "%USERPROFILE%\Documents\Race Element" RaceElement.exe /StartMinimized
START "" steam://rungameid/805550
