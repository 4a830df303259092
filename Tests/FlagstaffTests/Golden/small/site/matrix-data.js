// The matrix for matrix.html's grid, written by flagstaff build.
window.FLAGSTAFF_MATRIX = {
  "environments": [
    {"name": "dev"},
    {"name": "uat"},
    {"name": "prod"}
  ],
  "tenants": [
    {"id": "AAA", "name": "AAA", "slug": "aaa"},
    {"id": "BBB", "name": "BBB", "slug": "bbb"},
    {"id": "WL", "name": "White Label", "slug": "wl"}
  ],
  "groups": ["Media", "Onboarding"],
  "looks": [
    ["nb", "off", null, false, "off"],
    ["yb", "on", null, false, "on"],
    ["yo", "on ◆", null, false, "on"],
    ["no", "off ◆", null, false, "off"],
    ["nf", "off ○", null, false, "off"],
    ["xb", "carousel", null, false, "carousel"],
    ["xb", "video", null, false, "video"],
    ["xb", "50", null, false, "50"],
    ["xb", "200", null, false, "200"],
    ["xo", "100 ◆", null, false, "100"]
  ],
  "alphabet": "#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~",
  "width": 1,
  "flags": [
    {
      "key": "ENABLE_MEDIA_LIBRARY",
      "slug": "enable_media_library",
      "group": 0,
      "badges": [],
      "search": "enable_media_library medialibrary media shared **media** library shared media library. media squad media squad",
      "marks": "554",
      "cells": ["#$#", "%$#", "#&#"]
    },
    {
      "key": "ENABLE_CAMPAIGNS",
      "slug": "enable_campaigns",
      "group": 0,
      "badges": [
        ["incomplete", "incomplete"]
      ],
      "search": "enable_campaigns campaigns media campaigns, net | gross campaigns screen.   incomplete incomplete",
      "marks": "111",
      "cells": ["$'#", "$'#", "$'#"]
    },
    {
      "key": "ONBOARDING_VARIANT",
      "slug": "onboarding_variant",
      "group": 1,
      "badges": [],
      "search": "onboarding_variant onboardingvariant onboarding onboarding variant which onboarding to show. growth growth",
      "marks": "111",
      "cells": ["()(", "()(", "()("]
    },
    {
      "key": "MAX_WISHLIST_ITEMS",
      "slug": "max_wishlist_items",
      "group": 1,
      "badges": [],
      "search": "max_wishlist_items maxwishlistitems onboarding wishlist size  growth growth",
      "marks": "555",
      "cells": ["*+*", "*+*", ",+*"]
    },
    {
      "key": "darkMode",
      "slug": "darkmode",
      "group": 1,
      "badges": [],
      "search": "darkmode darkmode onboarding dark appearance  design design",
      "marks": "544",
      "cells": ["#%#", "#'#", "#'#"]
    }
  ]
}
;
