"""The page kernel: what every game page does, whatever the game (the bot worker client, saving,
links, records, review, the board's keyed redraw, the embed page).  No module here imports a game's."""
