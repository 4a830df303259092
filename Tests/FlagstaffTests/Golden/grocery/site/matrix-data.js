// The matrix for matrix.html's grid, written by flagstaff build.
window.FLAGSTAFF_MATRIX = {
  "environments": [
    {"name": "dev"},
    {"name": "prod"}
  ],
  "tenants": [
    {"id": "CHL", "name": "Chilemarket", "slug": "chl"},
    {"id": "KBW", "name": "Korbwerk", "slug": "kbw"},
    {"id": "NRD", "name": "Nordkorg", "slug": "nrd"}
  ],
  "groups": ["Checkout", "Engagement"],
  "phaseColumn": "Phase",
  "looks": [
    ["nb", "off", null, false, "off"],
    [
      "vr",
      "on/off ≈",
      "on for “Korbwerk” (the Korbwerk app) when the device is in rollout 'rollout_checkout' (50% of devices); otherwise off",
      true,
      "on/off"
    ],
    ["xb", "20000", null, false, "20000"],
    ["xb", "35", null, false, "35"],
    ["xb", "300", null, false, "300"],
    [
      "vr",
      "on/off ≈",
      "on for “iOS” (iOS devices) when the device gets variant 'Tip jar' of experiment 'tip_jar_test' (in the test: 40% of devices; of those, this variant's share, 1 of 2 variants); otherwise off",
      true,
      "on/off"
    ],
    ["yb", "on", null, false, "on"],
    ["yo", "on ◆", null, false, "on"]
  ],
  "alphabet": "#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~",
  "width": 1,
  "flags": [
    {
      "key": "NEW_CHECKOUT",
      "slug": "new_checkout",
      "group": 0,
      "badges": [],
      "search": "new_checkout newcheckout checkout one-page checkout the one-page checkout. checkout checkout rollout",
      "phase": "rollout",
      "marks": "47",
      "cells": ["###", "#$#"]
    },
    {
      "key": "MIN_ORDER_VALUE",
      "slug": "min_order_value",
      "group": 0,
      "badges": [],
      "search": "min_order_value minordervalue checkout minimum basket, in the brand's currency the smallest basket a customer can order. checkout checkout released",
      "phase": "released",
      "marks": "11",
      "cells": ["%&'", "%&'"]
    },
    {
      "key": "TIP_JAR",
      "slug": "tip_jar",
      "group": 0,
      "badges": [],
      "search": "tip_jar tipjar checkout tip for the driver a tip for the driver at checkout. checkout checkout a/b test",
      "phase": "A/B test",
      "marks": "46",
      "cells": ["###", "((("]
    },
    {
      "key": "LIVE_ACTIVITIES",
      "slug": "live_activities",
      "group": 1,
      "badges": [
        ["rolled-out", "rolled out"]
      ],
      "search": "live_activities liveactivities engagement live activities for a delivery in progress delivery progress on the lock screen. engagement engagement released rolled out rolled out",
      "phase": "released",
      "marks": "00",
      "cells": [")))", ")))"]
    },
    {
      "key": "CHRISTMAS_BANNER",
      "slug": "christmas_banner",
      "group": 1,
      "badges": [
        ["not-on-yet", "not on yet"]
      ],
      "search": "christmas_banner christmasbanner engagement christmas banner, switched on by remote config from 1 december the christmas banner on the home screen. growth growth scheduled not on yet not on yet",
      "phase": "scheduled",
      "marks": "00",
      "cells": ["###", "###"]
    },
    {
      "key": "SUBSCRIPTIONS",
      "slug": "subscriptions",
      "group": 1,
      "badges": [
        ["not-on-yet", "not on yet"]
      ],
      "search": "subscriptions subscriptions engagement weekly delivery subscriptions weekly delivery subscriptions. engagement engagement in development not on yet not on yet",
      "phase": "in development",
      "marks": "54",
      "cells": ["##*", "###"]
    }
  ]
}
;
