-- module returning nothing
_G.retnil_ran = (_G.retnil_ran or 0) + 1
