/* HarfBuzz with FreeType: included by CCollageText, which gets their include paths from pkg-config through this module. */
#include <hb.h>
#include <hb-ft.h>
