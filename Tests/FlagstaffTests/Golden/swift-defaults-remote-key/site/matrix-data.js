// The matrix for matrix.html's grid, written by flagstaff build.
window.FLAGSTAFF_MATRIX = {
  "environments": [
    {"name": "release", "slug": "release"}
  ],
  "tenants": [
    {"id": "app", "name": "The app", "slug": "app"}
  ],
  "groups": [null],
  "looks": [
    ["nc", "off ‹›", null, false, "off"],
    ["yc", "on ‹›", null, false, "on"],
    [
      "vc",
      "decided in code ‹›",
      "the app works out AppConfiguration.isWordPress (WordPress/RemoteFeatureFlag.swift:29)",
      false,
      "decided in code"
    ],
    [
      "vc",
      "decided in code ‹›",
      "the app works out AppConfiguration.isJetpack (WordPress/RemoteFeatureFlag.swift:31)",
      false,
      "decided in code"
    ],
    [
      "vc",
      "decided in code ‹›",
      "the app works out AppConfiguration.isJetpack (WordPress/RemoteFeatureFlag.swift:35)",
      false,
      "decided in code"
    ]
  ],
  "alphabet": "#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~",
  "width": 1,
  "flags": [
    {
      "key": "jetpackFeaturesRemovalPhaseOne",
      "slug": "jetpackfeaturesremovalphaseone",
      "group": 0,
      "badges": [
        ["dead", "dead"]
      ],
      "search": "jetpackfeaturesremovalphaseone jetpackfeaturesremovalphaseone  jetpack features removal phase one  dead dead",
      "marks": "0",
      "cells": ["#"]
    },
    {
      "key": "jetpackFeaturesRemovalStaticPosters",
      "slug": "jetpackfeaturesremovalstaticposters",
      "group": 0,
      "badges": [
        ["rolled-out", "rolled out"]
      ],
      "search": "jetpackfeaturesremovalstaticposters jetpackfeaturesremovalstaticposters  jetpack features removal static screens phase  rolled out rolled out",
      "marks": "0",
      "cells": ["$"]
    },
    {
      "key": "jetpackMigrationPreventDuplicateNotifications",
      "slug": "jetpackmigrationpreventduplicatenotifications",
      "group": 0,
      "badges": [
        ["rolled-out", "rolled out"]
      ],
      "search": "jetpackmigrationpreventduplicatenotifications jetpackmigrationpreventduplicatenotifications  jetpack migration prevent duplicate wordpress app notifications when jetpack is installed  rolled out rolled out",
      "marks": "0",
      "cells": ["$"]
    },
    {
      "key": "blaze",
      "slug": "blaze",
      "group": 0,
      "badges": [
        ["dead", "dead"]
      ],
      "search": "blaze blaze  blaze  dead dead",
      "marks": "0",
      "cells": ["#"]
    },
    {
      "key": "wordPressIndividualPluginSupport",
      "slug": "wordpressindividualpluginsupport",
      "group": 0,
      "badges": [],
      "search": "wordpressindividualpluginsupport wordpressindividualpluginsupport  jetpack individual plugin support for wordpress ",
      "marks": "0",
      "cells": ["%"]
    },
    {
      "key": "bloggingPromptsSocial",
      "slug": "bloggingpromptssocial",
      "group": 0,
      "badges": [],
      "search": "bloggingpromptssocial bloggingpromptssocial  blogging prompts social ",
      "marks": "0",
      "cells": ["&"]
    },
    {
      "key": "siteEditorMVP",
      "slug": "siteeditormvp",
      "group": 0,
      "badges": [
        ["rolled-out", "rolled out"]
      ],
      "search": "siteeditormvp siteeditormvp  site editor mvp  rolled out rolled out",
      "marks": "0",
      "cells": ["$"]
    },
    {
      "key": "bloganuaryDashboardNudge",
      "slug": "bloganuarydashboardnudge",
      "group": 0,
      "badges": [],
      "search": "bloganuarydashboardnudge bloganuarydashboardnudge  bloganuary dashboard nudge ",
      "marks": "0",
      "cells": ["'"]
    },
    {
      "key": "dotComWebLogin",
      "slug": "dotcomweblogin",
      "group": 0,
      "badges": [
        ["dead", "dead"]
      ],
      "search": "dotcomweblogin dotcomweblogin  log in to wordpress.com from web browser  dead dead",
      "marks": "0",
      "cells": ["#"]
    }
  ]
}
;
