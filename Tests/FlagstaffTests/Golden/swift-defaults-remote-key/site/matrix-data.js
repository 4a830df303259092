// The matrix for matrix.html's grid, written by flagstaff build.
window.FLAGSTAFF_MATRIX = {
  "environments": [
    {"name": "release"}
  ],
  "tenants": [
    {"id": "app", "name": "The app", "slug": "app"}
  ],
  "groups": [null],
  "looks": [
    [
      "vx",
      "off, may be changed by remote config ≈",
      "may be changed by remote config; otherwise off",
      false,
      "off, may be changed by remote config"
    ],
    [
      "vx",
      "on, may be changed by remote config ≈",
      "may be changed by remote config; otherwise on",
      false,
      "on, may be changed by remote config"
    ],
    [
      "vx",
      "decided in code, may be changed by remote config ≈",
      "may be changed by remote config; the app works out AppConfiguration.isWordPress (WordPress/RemoteFeatureFlag.swift:29)",
      false,
      "decided in code, may be changed by remote config"
    ],
    [
      "vx",
      "decided in code, may be changed by remote config ≈",
      "may be changed by remote config; the app works out AppConfiguration.isJetpack (WordPress/RemoteFeatureFlag.swift:31)",
      false,
      "decided in code, may be changed by remote config"
    ],
    [
      "vx",
      "decided in code, may be changed by remote config ≈",
      "may be changed by remote config; the app works out AppConfiguration.isJetpack (WordPress/RemoteFeatureFlag.swift:35)",
      false,
      "decided in code, may be changed by remote config"
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
        ["partly-seen", "partly seen"]
      ],
      "search": "jetpackfeaturesremovalphaseone jetpackfeaturesremovalphaseone  jetpack features removal phase one   partly seen partly seen",
      "marks": "0",
      "cells": ["#"]
    },
    {
      "key": "jetpackFeaturesRemovalStaticPosters",
      "slug": "jetpackfeaturesremovalstaticposters",
      "group": 0,
      "badges": [
        ["partly-seen", "partly seen"]
      ],
      "search": "jetpackfeaturesremovalstaticposters jetpackfeaturesremovalstaticposters  jetpack features removal static screens phase   partly seen partly seen",
      "marks": "0",
      "cells": ["$"]
    },
    {
      "key": "jetpackMigrationPreventDuplicateNotifications",
      "slug": "jetpackmigrationpreventduplicatenotifications",
      "group": 0,
      "badges": [
        ["partly-seen", "partly seen"]
      ],
      "search": "jetpackmigrationpreventduplicatenotifications jetpackmigrationpreventduplicatenotifications  jetpack migration prevent duplicate wordpress app notifications when jetpack is installed   partly seen partly seen",
      "marks": "0",
      "cells": ["$"]
    },
    {
      "key": "blaze",
      "slug": "blaze",
      "group": 0,
      "badges": [
        ["partly-seen", "partly seen"]
      ],
      "search": "blaze blaze  blaze   partly seen partly seen",
      "marks": "0",
      "cells": ["#"]
    },
    {
      "key": "wordPressIndividualPluginSupport",
      "slug": "wordpressindividualpluginsupport",
      "group": 0,
      "badges": [],
      "search": "wordpressindividualpluginsupport wordpressindividualpluginsupport  jetpack individual plugin support for wordpress  ",
      "marks": "0",
      "cells": ["%"]
    },
    {
      "key": "bloggingPromptsSocial",
      "slug": "bloggingpromptssocial",
      "group": 0,
      "badges": [],
      "search": "bloggingpromptssocial bloggingpromptssocial  blogging prompts social  ",
      "marks": "0",
      "cells": ["&"]
    },
    {
      "key": "siteEditorMVP",
      "slug": "siteeditormvp",
      "group": 0,
      "badges": [
        ["partly-seen", "partly seen"]
      ],
      "search": "siteeditormvp siteeditormvp  site editor mvp   partly seen partly seen",
      "marks": "0",
      "cells": ["$"]
    },
    {
      "key": "bloganuaryDashboardNudge",
      "slug": "bloganuarydashboardnudge",
      "group": 0,
      "badges": [],
      "search": "bloganuarydashboardnudge bloganuarydashboardnudge  bloganuary dashboard nudge  ",
      "marks": "0",
      "cells": ["'"]
    },
    {
      "key": "dotComWebLogin",
      "slug": "dotcomweblogin",
      "group": 0,
      "badges": [
        ["partly-seen", "partly seen"]
      ],
      "search": "dotcomweblogin dotcomweblogin  log in to wordpress.com from web browser   partly seen partly seen",
      "marks": "0",
      "cells": ["#"]
    }
  ]
}
;
