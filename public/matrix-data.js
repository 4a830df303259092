// The matrix for matrix.html's grid, written by flagstaff build.
window.FLAGSTAFF_MATRIX = {
  "environments": [
    {"name": "dev"},
    {"name": "sit"},
    {"name": "uat"},
    {"name": "prod"}
  ],
  "tenants": [
    {"id": "AVR", "name": "AVR", "slug": "avr"},
    {"id": "BEL", "name": "BEL", "slug": "bel"},
    {"id": "CHL", "name": "CHL", "slug": "chl"},
    {"id": "DRV", "name": "DRV", "slug": "drv"},
    {"id": "FAU", "name": "FAU", "slug": "fau"},
    {"id": "GRN", "name": "GRN", "slug": "grn"},
    {"id": "LUM", "name": "LUM", "slug": "lum"},
    {"id": "MIR", "name": "MIR", "slug": "mir"},
    {"id": "ORS", "name": "ORS", "slug": "ors"},
    {"id": "PAL", "name": "PAL", "slug": "pal"},
    {"id": "SEV", "name": "SEV", "slug": "sev"},
    {"id": "VEL", "name": "VEL", "slug": "vel"},
    {"id": "WL", "name": "White Label", "slug": "wl"},
    {"id": "ZEN", "name": "ZEN", "slug": "zen"}
  ],
  "groups": [
    "Clienteling",
    "Catalogue & Media",
    "Appointments",
    "Checkout & Payments",
    "Wishlist",
    "Onboarding",
    "Platform",
    "Diagnostics"
  ],
  "phaseColumn": "Type",
  "looks": [
    ["yb", "on", null, false, "on"],
    ["nb", "off", null, false, "off"],
    ["yo", "on ◆", null, false, "on"],
    ["no", "off ◆", null, false, "off"],
    ["yr", "on ☁", "set by remote config for everyone; without remote config: off", true, "on"],
    [
      "vr",
      "on/off ≈",
      "on for “Ten percent of devices” (a random 10% of devices); otherwise off",
      true,
      "on/off"
    ],
    ["nf", "off ○", null, false, "off"],
    [
      "yr",
      "on ☁",
      "set by remote config for “BEL” (BEL's app); without remote config: off",
      true,
      "on"
    ],
    [
      "yr",
      "on ☁",
      "set by remote config for “ORS” (ORS's app); without remote config: off",
      true,
      "on"
    ],
    [
      "nr",
      "off ☁",
      "set by remote config for “Checkout incident at CHL” (CHL's app); without remote config: on",
      true,
      "off"
    ],
    ["xb", "100", null, false, "100"],
    ["xb", "50", null, false, "50"],
    ["xo", "200 ◆", null, false, "200"],
    ["xb", "200", null, false, "200"],
    ["xr", "150 ☁", "set by remote config for everyone; without remote config: 100", true, "150"],
    ["xr", "150 ☁", "set by remote config for everyone; without remote config: 50", true, "150"],
    [
      "vr",
      "on/off ≈",
      "on for “CHL beta testers” (CHL's app and users whose 'beta_tester' property is 'true'); otherwise off",
      true,
      "on/off"
    ],
    [
      "yr",
      "on ☁",
      "set by remote config for “White label” (the White Label app); without remote config: off",
      true,
      "on"
    ],
    ["xb", "carousel", null, false, "carousel"],
    ["xb", "single-page", null, false, "single-page"],
    ["xb", "video", null, false, "video"],
    ["xo", "video ◆", null, false, "video"],
    [
      "xr",
      "video ☁",
      "set by remote config for “White label” (the White Label app); without remote config: carousel",
      true,
      "video"
    ]
  ],
  "alphabet": "#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~",
  "width": 1,
  "flags": [
    {
      "key": "ENABLE_CLIENT_PROFILE_V2",
      "slug": "enable_client_profile_v2",
      "group": 0,
      "badges": [
        ["overdue", "overdue"],
        ["rolled-out", "rolled out"]
      ],
      "search": "enable_client_profile_v2 clientprofilev2 clienteling shows the redesigned client profile, with purchases, preferences and sizes on a single screen. the redesigned client profile: purchase timeline, preferences and sizes on one screen. clienteling squad clienteling squad release 2025-06-12 2026-06-30 [flag-101](https://tracker.example.com/browse/flag-101) overdue rolled out overdue rolled out",
      "phase": "release",
      "marks": "0000",
      "cells": ["##############", "##############", "##############", "##############"]
    },
    {
      "key": "ENABLE_CLIENT_NOTES",
      "slug": "enable_client_notes",
      "group": 0,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_client_notes clientnotes clienteling lets advisers keep free-text notes on a client that the rest of the boutique team can read. free-text notes on a client, shared with the other advisers of the boutique. clienteling squad clienteling squad release 2025-09-03 2.6 [flag-118](https://tracker.example.com/browse/flag-118) the app's code does not read it unused in code",
      "phase": "release",
      "marks": "1111",
      "cells": ["####$$###$$#$$", "####$$###$$#$$", "####$$###$$#$$", "####$$###$$#$$"]
    },
    {
      "key": "ENABLE_PURCHASE_HISTORY",
      "slug": "enable_purchase_history",
      "group": 0,
      "badges": [
        ["due-soon", "due soon"]
      ],
      "search": "enable_purchase_history purchasehistory clienteling shows a client's purchases from every boutique of the maison, not just the adviser's own. shows the client's purchases from every boutique of the maison. clienteling squad clienteling squad release  2026-12-15 [flag-109](https://tracker.example.com/browse/flag-109) due soon due soon",
      "phase": "release",
      "marks": "1111",
      "cells": ["############$$", "############$$", "############$$", "############$$"]
    },
    {
      "key": "ENABLE_CLIENT_TAGS",
      "slug": "enable_client_tags",
      "group": 0,
      "badges": [],
      "search": "enable_client_tags clienttags clienteling lets advisers tag clients (for example \"collector\") and filter their client list by tag. lets advisers tag clients (\"vip\", \"collector\", ...) and filter by tag. clienteling squad clienteling squad experiment 2026-10-06 2027-01-31 [flag-162](https://tracker.example.com/browse/flag-162)",
      "phase": "experiment",
      "marks": "4444",
      "cells": ["$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "%%%%%%%%%%%%%%", "$$$$$$$$$$$$$$"]
    },
    {
      "key": "ENABLE_OUTREACH_TEMPLATES",
      "slug": "enable_outreach_templates",
      "group": 0,
      "badges": [],
      "search": "enable_outreach_templates outreachtemplates clienteling offers ready-made outreach messages that the adviser personalises before sending. pre-written outreach messages an adviser can personalise and send. clienteling squad clienteling squad release 2026-08-18 3.0 [flag-151](https://tracker.example.com/browse/flag-151)",
      "phase": "release",
      "marks": "4444",
      "cells": ["%%%%%%%%%%%%%%", "%%%%%%%%%%%%%%", "%%%%%%%%%%%%%%", "$$$$$$$$$$$$$$"]
    },
    {
      "key": "ENABLE_CONSENT_CAPTURE",
      "slug": "enable_consent_capture",
      "group": 0,
      "badges": [],
      "search": "enable_consent_capture consentcapture clienteling asks the client for marketing consent when a new profile is created, as required by the [consent policy](https://intranet.example.com/privacy/consent). asks the client for marketing consent when a profile is created. clienteling squad clienteling squad permission 2025-06-23  [flag-99](https://tracker.example.com/browse/flag-99)",
      "phase": "permission",
      "marks": "1111",
      "cells": ["###$#$#$###$$$", "###$#$#$###$$$", "###$#$#$###$$$", "###$#$#$###$$$"]
    },
    {
      "key": "ENABLE_CAMPAIGNS",
      "slug": "enable_campaigns",
      "group": 0,
      "badges": [],
      "search": "enable_campaigns campaigns clienteling shows head office's campaign lists and the clients each adviser should contact for them. campaign lists pushed by head office, with the clients to contact for each. clienteling squad clienteling squad release 2026-02-10 2027-03-31 [flag-131](https://tracker.example.com/browse/flag-131)",
      "phase": "release",
      "marks": "5555",
      "cells": ["#$##$$###$$#$$", "#$##$$###$$#$$", "#$##$$###$$#$$", "#$#&$$#&#$$#$$"]
    },
    {
      "key": "ENABLE_CLIENT_SEARCH_V2",
      "slug": "enable_client_search_v2",
      "group": 0,
      "badges": [
        ["overdue", "overdue"],
        ["incomplete", "incomplete"]
      ],
      "search": "enable_client_search_v2 clientsearchv2 clienteling a faster server-side client search, tried on **ten percent of phones** through remote config; the app ships it off. server-side client search, an experiment on a share of devices through remote config.   experiment 2025-07-21 2026-04-30 [flag-112](https://tracker.example.com/browse/flag-112) overdue incomplete overdue incomplete",
      "phase": "experiment",
      "marks": "4466",
      "cells": ["$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "''''''''''''''", "(((((((((((((("]
    },
    {
      "key": "ENABLE_MESSAGING_OUTREACH",
      "slug": "enable_messaging_outreach",
      "group": 0,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_messaging_outreach messagingoutreach clienteling lets advisers contact clients through messaging apps instead of only sms and e-mail. outreach through third-party messaging apps instead of sms and e-mail. clienteling squad clienteling squad release 2026-05-05 2.6 [flag-140](https://tracker.example.com/browse/flag-140) the app's code does not read it unused in code",
      "phase": "release",
      "marks": "5555",
      "cells": ["$$#$$$#$$$$#$$", "$$#$$$#$$$$#$$", "$$#$$$#$%$$#$$", "$$#$$$#$$$$#$$"]
    },
    {
      "key": "ENABLE_MEDIA_LIBRARY",
      "slug": "enable_media_library",
      "group": 1,
      "badges": [],
      "search": "enable_media_library medialibrary catalogue & media gives advisers a shared library of campaign imagery and product media to send to clients. shared library of campaign imagery and product media advisers can send to clients. catalogue squad catalogue squad release 2025-11-04 2.6 [flag-123](https://tracker.example.com/browse/flag-123)",
      "phase": "release",
      "marks": "5555",
      "cells": ["#$$#$$####$#$$", "#$%#$$####$#$$", "#$%#$$####$#$$", "#$$#$$####$#$$"]
    },
    {
      "key": "ENABLE_PRODUCT_VIDEOS",
      "slug": "enable_product_videos",
      "group": 1,
      "badges": [
        ["overdue", "overdue"],
        ["rolled-out", "rolled out"]
      ],
      "search": "enable_product_videos productvideos catalogue & media plays product videos inside the product sheet. plays product videos in the product sheet. catalogue squad catalogue squad release 2025-06-03 2.4 [flag-102](https://tracker.example.com/browse/flag-102) overdue rolled out overdue rolled out",
      "phase": "release",
      "marks": "0000",
      "cells": ["##############", "##############", "##############", "##############"]
    },
    {
      "key": "ENABLE_AR_TRY_ON",
      "slug": "enable_ar_try_on",
      "group": 1,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_ar_try_on artryon catalogue & media lets a client try on watches and jewellery through the camera (augmented reality). augmented-reality try-on for watches and jewellery. catalogue squad catalogue squad experiment 2026-09-14 2027-06-30 [flag-158](https://tracker.example.com/browse/flag-158) the app's code does not read it unused in code",
      "phase": "experiment",
      "marks": "5454",
      "cells": ["$$%$)$$$$$$$$$", "$$$$)$$$$$$$$$", "$$%$)$$%$$$%$$", "$$$$)$$$$$$$$$"]
    },
    {
      "key": "ENABLE_STOCK_LOOKUP",
      "slug": "enable_stock_lookup",
      "group": 1,
      "badges": [
        ["incomplete", "incomplete"],
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_stock_lookup stocklookup catalogue & media shows live stock for a product in the other boutiques of the same country. real-time stock lookup across the boutiques of the same country. catalogue squad catalogue squad ops    incomplete the app's code does not read it incomplete unused in code",
      "phase": "ops",
      "marks": "1111",
      "cells": ["####$##$#$$$$$", "####$##$#$$$$$", "####$##$#$$$$$", "####$##$#$$$$$"]
    },
    {
      "key": "ENABLE_NET_GROSS_PRICES",
      "slug": "enable_net_gross_prices",
      "group": 1,
      "badges": [
        ["due-soon", "due soon"]
      ],
      "search": "enable_net_gross_prices netgrossprices catalogue & media shows prices as net | gross in the product sheet, for markets where advisers quote both. shows both net and gross prices in the product sheet. catalogue squad catalogue squad release 2026-05-19 2026-12-01 [flag-143](https://tracker.example.com/browse/flag-143) due soon due soon",
      "phase": "release",
      "marks": "1111",
      "cells": ["$#$$#$$$#$#$$#", "$#$$#$$$#$#$$#", "$#$$#$$$#$#$$#", "$#$$#$$$#$#$$#"]
    },
    {
      "key": "ENABLE_CATALOGUE_OFFLINE_SYNC",
      "slug": "enable_catalogue_offline_sync",
      "group": 1,
      "badges": [],
      "search": "enable_catalogue_offline_sync catalogueofflinesync catalogue & media downloads the whole catalogue over wi-fi so it can be browsed without a connection. downloads the catalogue for offline browsing while on wi-fi. catalogue squad catalogue squad release 2026-07-07 2.6 [flag-147](https://tracker.example.com/browse/flag-147)",
      "phase": "release",
      "marks": "5554",
      "cells": ["############$#", "############$#", "############$#", "&&&&&&&&&&&&$&"]
    },
    {
      "key": "highResImagery",
      "slug": "highresimagery",
      "group": 1,
      "badges": [
        ["overdue", "overdue"],
        ["rolled-out", "rolled out"]
      ],
      "search": "highresimagery highresimagery catalogue & media loads full-resolution product photos on devices that can handle them. loads full-resolution product imagery on capable devices. catalogue squad catalogue squad release  2026-01-31  overdue rolled out overdue rolled out",
      "phase": "release",
      "marks": "0000",
      "cells": ["##############", "##############", "##############", "##############"]
    },
    {
      "key": "ENABLE_PRODUCT_COMPARISON",
      "slug": "enable_product_comparison",
      "group": 1,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_product_comparison productcomparison catalogue & media lets the adviser show up to three products side by side. side-by-side comparison of up to three products. catalogue squad catalogue squad experiment 2026-10-20 2027-02-28 [flag-165](https://tracker.example.com/browse/flag-165) the app's code does not read it unused in code",
      "phase": "experiment",
      "marks": "4454",
      "cells": ["$$$$$)$$$$$$$$", "$$$$$)$$$$$$$$", "%%%%%)%%%%%%%%", "$$$$$)$$$$$$$$"]
    },
    {
      "key": "ENABLE_APPOINTMENT_BOOKING",
      "slug": "enable_appointment_booking",
      "group": 2,
      "badges": [
        ["overdue", "overdue"]
      ],
      "search": "enable_appointment_booking appointmentbooking appointments lets advisers book a boutique appointment on behalf of a client. booking boutique appointments on behalf of a client. camille arnaud camille arnaud release 2025-08-25 2026-09-30 [flag-115](https://tracker.example.com/browse/flag-115) overdue overdue",
      "phase": "release",
      "marks": "1111",
      "cells": ["#####$######$#", "#####$######$#", "#####$######$#", "#####$######$#"]
    },
    {
      "key": "ENABLE_APPOINTMENT_REMINDERS",
      "slug": "enable_appointment_reminders",
      "group": 2,
      "badges": [],
      "search": "enable_appointment_reminders appointmentreminders appointments sends the adviser a reminder notification before each appointment. reminder notifications before an appointment, and two-way sync with the adviser's calendar. camille arnaud camille arnaud release 2026-01-15 2027-01-31 [flag-128](https://tracker.example.com/browse/flag-128)",
      "phase": "release",
      "marks": "1111",
      "cells": ["#$##$$##$$##$$", "#$##$$##$$##$$", "#$##$$##$$##$$", "#$##$$##$$##$$"]
    },
    {
      "key": "ENABLE_CALENDAR_SYNC",
      "slug": "enable_calendar_sync",
      "group": 2,
      "badges": [],
      "search": "enable_calendar_sync calendarsync appointments keeps appointments in sync with the adviser's work calendar, in both directions. reminder notifications before an appointment, and two-way sync with the adviser's calendar. camille arnaud camille arnaud release 2026-09-01 3.0 [flag-155](https://tracker.example.com/browse/flag-155)",
      "phase": "release",
      "marks": "4444",
      "cells": ["%%%%%%%%%%%%%%", "%%%%%%%%%%%%%%", "%%%%%%%%%%%%%%", "$$$$$$$$$$$$$$"]
    },
    {
      "key": "ENABLE_VIDEO_APPOINTMENTS",
      "slug": "enable_video_appointments",
      "group": 2,
      "badges": [
        ["overdue", "overdue"],
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_video_appointments videoappointments appointments lets clients book a remote appointment held over a video call. remote appointments over video call. camille arnaud camille arnaud experiment 2026-04-02 2026-11-15 [flag-137](https://tracker.example.com/browse/flag-137) overdue the app's code does not read it overdue unused in code",
      "phase": "experiment",
      "marks": "5557",
      "cells": ["$$#$$$#$#$$$$$", "$$#$$$#$#$$$$$", "$$#$$$#$#$$$$$", "$*#$$$#$+$$$$$"]
    },
    {
      "key": "ENABLE_BOUTIQUE_CAPACITY",
      "slug": "enable_boutique_capacity",
      "group": 2,
      "badges": [
        ["incomplete", "incomplete"],
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_boutique_capacity boutiquecapacity appointments stops new bookings once the boutique is full for that time slot. blocks booking when the boutique's capacity for the slot is reached. camille arnaud camille arnaud ops   [flag-133](https://tracker.example.com/browse/flag-133) incomplete the app's code does not read it incomplete unused in code",
      "phase": "ops",
      "marks": "1111",
      "cells": ["#$##$$$###$#$)", "#$##$$$###$#$)", "#$##$$$###$#$)", "#$##$$$###$#$)"]
    },
    {
      "key": "ENABLE_LEGACY_CALENDAR",
      "slug": "enable_legacy_calendar",
      "group": 2,
      "badges": [
        ["deprecated-in-code", "deprecated in code"]
      ],
      "search": "enable_legacy_calendar legacycalendar appointments shows the old month-view appointment calendar; **deprecated**, replaced by `enable_calendar_sync`. the old month-view appointment calendar. camille arnaud camille arnaud release 2025-06-18 2.5 [flag-104](https://tracker.example.com/browse/flag-104) deprecated in code deprecated in code",
      "phase": "release",
      "marks": "4555",
      "cells": ["&&&&)&&&&&&&&&", "####)#########", "####)#########", "####)#########"]
    },
    {
      "key": "ENABLE_CHECKOUT",
      "slug": "enable_checkout",
      "group": 3,
      "badges": [],
      "search": "enable_checkout checkout checkout & payments emergency switch for buying in the app: turning it off hides every \"buy\" button. kill switch for in-app checkout. turning it off hides every \"buy\" button. payments squad payments squad kill-switch 2025-06-01  ",
      "phase": "kill-switch",
      "marks": "4447",
      "cells": ["##############", "##############", "##############", "##,###########"]
    },
    {
      "key": "ENABLE_APPLE_PAY",
      "slug": "enable_apple_pay",
      "group": 3,
      "badges": [
        ["overdue", "overdue"]
      ],
      "search": "enable_apple_pay applepay checkout & payments lets advisers take payment with **apple pay** on their own device in the boutique. apple pay on the adviser's device for in-boutique payment. payments squad payments squad release 2025-10-08 2026-10-31 [flag-120](https://tracker.example.com/browse/flag-120) overdue overdue",
      "phase": "release",
      "marks": "5555",
      "cells": ["#####$######$$", "#####$######$$", "#####$######$$", "#####$###&##$$"]
    },
    {
      "key": "ENABLE_PAY_BY_LINK",
      "slug": "enable_pay_by_link",
      "group": 3,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_pay_by_link paybylink checkout & payments sends the client a secure link to pay remotely, by message or e-mail. sends the client a secure payment link by message or e-mail. payments squad payments squad release 2026-03-23 2.6 [flag-134](https://tracker.example.com/browse/flag-134) the app's code does not read it unused in code",
      "phase": "release",
      "marks": "1111",
      "cells": ["#$###$##$$$#$$", "#$###$##$$$#$$", "#$###$##$$$#$$", "#$###$##$$$#$$"]
    },
    {
      "key": "ENABLE_SPLIT_PAYMENT",
      "slug": "enable_split_payment",
      "group": 3,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_split_payment splitpayment checkout & payments lets a client pay for one purchase with two payment methods. splits one purchase across two payment methods. payments squad payments squad experiment 2026-10-12 2027-04-30 [flag-163](https://tracker.example.com/browse/flag-163) the app's code does not read it unused in code",
      "phase": "experiment",
      "marks": "4454",
      "cells": ["$$$$$)$$$$$$$$", "$$$$$)$$$$$$$$", "$$%%$)%$$$$$$$", "$$$$$)$$$$$$$$"]
    },
    {
      "key": "ENABLE_TAX_FREE_FORMS",
      "slug": "enable_tax_free_forms",
      "group": 3,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_tax_free_forms taxfreeforms checkout & payments prepares tax-free shopping forms for travellers who are eligible for a refund. generates tax-free shopping forms for eligible travellers. payments squad payments squad permission 2025-12-09  [flag-125](https://tracker.example.com/browse/flag-125) the app's code does not read it unused in code",
      "phase": "permission",
      "marks": "1111",
      "cells": ["###$#$#$$##$$$", "###$#$#$$##$$$", "###$#$#$$##$$$", "###$#$#$$##$$$"]
    },
    {
      "key": "ENABLE_GIFT_WRAPPING",
      "slug": "enable_gift_wrapping",
      "group": 3,
      "badges": [
        ["due-soon", "due soon"],
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_gift_wrapping giftwrapping checkout & payments offers gift wrapping and a handwritten-style gift message at checkout. offers gift wrapping and a gift message at checkout. payments squad payments squad release 2025-12-01 2026-12-20 [flag-124](https://tracker.example.com/browse/flag-124) due soon the app's code does not read it due soon unused in code",
      "phase": "release",
      "marks": "1111",
      "cells": ["$$##$$$##$)#$$", "$$##$$$##$)#$$", "$$##$$$##$)#$$", "$$##$$$##$)#$$"]
    },
    {
      "key": "ENABLE_EMAIL_RECEIPTS",
      "slug": "enable_email_receipts",
      "group": 3,
      "badges": [
        ["overdue", "overdue"]
      ],
      "search": "enable_email_receipts emailreceipts checkout & payments e-mails the receipt to the client instead of printing it. e-mails the receipt instead of printing it. payments squad payments squad release 2025-08-04 2.4 [flag-110](https://tracker.example.com/browse/flag-110) overdue overdue",
      "phase": "release",
      "marks": "1111",
      "cells": ["############$#", "############$#", "############$#", "############$#"]
    },
    {
      "key": "ENABLE_ENGRAVING",
      "slug": "enable_engraving",
      "group": 3,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_engraving engraving checkout & payments offers personal engraving on products that allow it. personal engraving options for eligible products. payments squad payments squad release 2026-06-16 2027-05-31 [flag-146](https://tracker.example.com/browse/flag-146) the app's code does not read it unused in code",
      "phase": "release",
      "marks": "5555",
      "cells": ["#$##$$##$$$#$$", "#$##$$##$$$#$$", "#$##$$##$$$#$$", "#$##$$#&$$$#$$"]
    },
    {
      "key": "ENABLE_WISHLIST",
      "slug": "enable_wishlist",
      "group": 4,
      "badges": [
        ["overdue", "overdue"],
        ["rolled-out", "rolled out"]
      ],
      "search": "enable_wishlist wishlist wishlist lets advisers keep a wishlist of products for each client. the client wishlist. growth squad growth squad release 2025-06-20 2026-05-31 [flag-103](https://tracker.example.com/browse/flag-103) overdue rolled out overdue rolled out",
      "phase": "release",
      "marks": "0000",
      "cells": ["##############", "##############", "##############", "##############"]
    },
    {
      "key": "ENABLE_WISHLIST_SHARING",
      "slug": "enable_wishlist_sharing",
      "group": 4,
      "badges": [],
      "search": "enable_wishlist_sharing wishlistsharing wishlist lets the adviser share a wishlist with the client as a link. sharing a wishlist with the client, and private adviser notes on wishlist items. growth squad growth squad release 2026-04-21 2.6 [flag-138](https://tracker.example.com/browse/flag-138)",
      "phase": "release",
      "marks": "1111",
      "cells": ["####$$###$$$$$", "####$$###$$$$$", "####$$###$$$$$", "####$$###$$$$$"]
    },
    {
      "key": "ENABLE_WISHLIST_NOTES",
      "slug": "enable_wishlist_notes",
      "group": 4,
      "badges": [],
      "search": "enable_wishlist_notes wishlistnotes wishlist lets advisers add private notes to items on a wishlist. sharing a wishlist with the client, and private adviser notes on wishlist items. growth squad growth squad release 2026-08-04 2027-01-15 [flag-150](https://tracker.example.com/browse/flag-150)",
      "phase": "release",
      "marks": "4444",
      "cells": ["##############", "##############", "##############", "&&&&&&&&&&&&&&"]
    },
    {
      "key": "MAX_WISHLIST_ITEMS",
      "slug": "max_wishlist_items",
      "group": 4,
      "badges": [
        ["incomplete", "incomplete"]
      ],
      "search": "max_wishlist_items maxwishlistitems wishlist sets how many items one wishlist can hold (a number, not on/off). how many items one wishlist can hold. an integer, not a bool. growth squad growth squad ops 2026-03-02  [flag-132](https://tracker.example.com/browse/flag-132) incomplete incomplete",
      "phase": "ops",
      "marks": "5557",
      "cells": ["-./...---..0..", "-.-...---..0..", "-./...---..0..", "12122211122022"]
    },
    {
      "key": "ENABLE_WISHLIST_PRICE_ALERTS",
      "slug": "enable_wishlist_price_alerts",
      "group": 4,
      "badges": [
        ["incomplete", "incomplete"],
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_wishlist_price_alerts wishlistpricealerts wishlist tells the adviser when the price of a wishlisted item changes. notifies the adviser when a wishlisted item's price changes.   experiment 2026-10-27 2027-01-31  incomplete the app's code does not read it incomplete unused in code",
      "phase": "experiment",
      "marks": "4457",
      "cells": ["$$$$$$$$$$)$$$", "$$$$$$$$$$)$$$", "$$%$$$$%$$)$$$", "$$3$$$$$$$)$4$"]
    },
    {
      "key": "wishlistSync",
      "slug": "wishlistsync",
      "group": 4,
      "badges": [
        ["overdue", "overdue"]
      ],
      "search": "wishlistsync wishlistsync wishlist keeps the app's wishlists in sync with the maison's website. keeps wishlists in sync with the maison's website. growth squad growth squad release  2026-08-31 [flag-114](https://tracker.example.com/browse/flag-114) overdue overdue",
      "phase": "release",
      "marks": "1111",
      "cells": ["##########)#$#", "##########)#$#", "##########)#$#", "##########)#$#"]
    },
    {
      "key": "ONBOARDING_VARIANT",
      "slug": "onboarding_variant",
      "group": 5,
      "badges": [],
      "search": "onboarding_variant onboardingvariant onboarding chooses which welcome flow new advisers see: `carousel`, `single-page` or `video`. which onboarding flow to show: \"carousel\", \"single-page\" or \"video\". a string, not a bool. growth squad growth squad experiment 2026-06-02 2027-03-31 [flag-145](https://tracker.example.com/browse/flag-145)",
      "phase": "experiment",
      "marks": "5575",
      "cells": ["55665575655755", "55665575655755", "55865575655795", "55665575655755"]
    },
    {
      "key": "ENABLE_BIOMETRIC_LOGIN",
      "slug": "enable_biometric_login",
      "group": 5,
      "badges": [
        ["overdue", "overdue"],
        ["rolled-out", "rolled out"]
      ],
      "search": "enable_biometric_login biometriclogin onboarding lets advisers sign in with face id or touch id. face id / touch id sign-in. platform team platform team release 2025-06-09 2.4 [flag-105](https://tracker.example.com/browse/flag-105) overdue rolled out overdue rolled out",
      "phase": "release",
      "marks": "0000",
      "cells": ["##############", "##############", "##############", "##############"]
    },
    {
      "key": "ENABLE_SSO_LOGIN",
      "slug": "enable_sso_login",
      "group": 5,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_sso_login ssologin onboarding lets advisers sign in with the maison's company account (single sign-on). single sign-on with the maison's corporate identity provider. platform team platform team permission 2025-09-29  [flag-119](https://tracker.example.com/browse/flag-119) the app's code does not read it unused in code",
      "phase": "permission",
      "marks": "1111",
      "cells": ["#$##$$##$$$#$$", "#$##$$##$$$#$$", "#$##$$##$$$#$$", "#$##$$##$$$#$$"]
    },
    {
      "key": "ENABLE_GUIDED_TOUR",
      "slug": "enable_guided_tour",
      "group": 5,
      "badges": [
        ["overdue", "overdue"],
        ["dead", "dead"]
      ],
      "search": "enable_guided_tour guidedtour onboarding tried an interactive tour after the first sign-in; the experiment was abandoned and it is **off everywhere**. interactive tour of the app after the first sign-in. experiment abandoned. growth squad growth squad experiment 2025-07-01 2026-02-28 [flag-108](https://tracker.example.com/browse/flag-108) overdue dead overdue dead",
      "phase": "experiment",
      "marks": "0000",
      "cells": ["$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$"]
    },
    {
      "key": "ENABLE_BOUTIQUE_PICKER",
      "slug": "enable_boutique_picker",
      "group": 5,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_boutique_picker boutiquepicker onboarding asks advisers to choose their home boutique the first time they open the app. asks the adviser to pick a home boutique on first launch. growth squad growth squad release  3.0  the app's code does not read it unused in code",
      "phase": "release",
      "marks": "1111",
      "cells": ["#########$##$#", "#########$##$#", "#########$##$#", "#########$##$#"]
    },
    {
      "key": "whatsNew",
      "slug": "whatsnew",
      "group": 5,
      "badges": [
        ["due-soon", "due soon"]
      ],
      "search": "whatsnew whatsnew onboarding shows a \"what's new\" sheet after the app is updated. \"what's new\" sheet after an update. growth squad growth squad release 2026-11-01 2026-12-10 [flag-170](https://tracker.example.com/browse/flag-170) due soon due soon",
      "phase": "release",
      "marks": "4445",
      "cells": ["$$$$$$$$$$$$$)", "$$$$$$$$$$$$$)", "$$$$$$$$$$$$$)", "%%%%%%%%%%%%%)"]
    },
    {
      "key": "ENABLE_REMOTE_CONFIG",
      "slug": "enable_remote_config",
      "group": 6,
      "badges": [],
      "search": "enable_remote_config remoteconfig platform emergency switch for remote config: turning it off makes the app ignore every value set in the firebase console. kill switch for the remote config layer of the flag resolution chain. platform team platform team kill-switch   [flag-100](https://tracker.example.com/browse/flag-100)",
      "phase": "kill-switch",
      "marks": "0000",
      "cells": ["##############", "##############", "##############", "##############"]
    },
    {
      "key": "darkMode",
      "slug": "darkmode",
      "group": 6,
      "badges": [],
      "search": "darkmode darkmode platform supports the dark appearance when the device is set to it. dark appearance support. platform team platform team release 2026-02-24 3.0 [flag-130](https://tracker.example.com/browse/flag-130)",
      "phase": "release",
      "marks": "5555",
      "cells": ["###$$$#$#$$#$#", "###$$$#$#$$#$#", "###$$$#$#$$#$#", "###$$$#$#$$#$&"]
    },
    {
      "key": "ENABLE_PUSH_NOTIFICATIONS",
      "slug": "enable_push_notifications",
      "group": 6,
      "badges": [
        ["incomplete", "incomplete"]
      ],
      "search": "enable_push_notifications pushnotifications platform sends push notifications for tasks, appointments and campaigns. push notifications for tasks, appointments and campaigns. platform team platform team ops 2025-06-04   incomplete incomplete",
      "phase": "ops",
      "marks": "1111",
      "cells": ["############$#", "############$#", "############$#", "############$#"]
    },
    {
      "key": "ENABLE_OFFLINE_MODE",
      "slug": "enable_offline_mode",
      "group": 6,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_offline_mode offlinemode platform keeps the app usable, read-only, when the device has no connection. read-only mode when the device has no connection. platform team platform team release 2026-07-28 2.6 [flag-149](https://tracker.example.com/browse/flag-149) the app's code does not read it unused in code",
      "phase": "release",
      "marks": "5554",
      "cells": ["%$%%$$%%%$$%$$", "%$%%$$%%%$$%$$", "%$%%$$%%%$$%$$", "$$$$$$$$$$$$$$"]
    },
    {
      "key": "ENABLE_NETWORKING_V2",
      "slug": "enable_networking_v2",
      "group": 6,
      "badges": [],
      "search": "enable_networking_v2 networkingv2 platform switches the app to its new networking code; it should change nothing visible. the async/await networking stack. platform team platform team release 2026-09-22 2027-02-15 [flag-157](https://tracker.example.com/browse/flag-157)",
      "phase": "release",
      "marks": "4444",
      "cells": ["##############", "##############", "##############", "&&&&&&&&&&&&&&"]
    },
    {
      "key": "ENABLE_ANALYTICS_CONSENT",
      "slug": "enable_analytics_consent",
      "group": 6,
      "badges": [],
      "search": "enable_analytics_consent analyticsconsent platform asks for consent before any usage analytics are collected. asks for analytics consent before any tracking starts. platform team platform team permission 2025-06-16  [flag-106](https://tracker.example.com/browse/flag-106)",
      "phase": "permission",
      "marks": "0000",
      "cells": ["##############", "##############", "##############", "##############"]
    },
    {
      "key": "ENABLE_FORCE_UPDATE_PROMPT",
      "slug": "enable_force_update_prompt",
      "group": 6,
      "badges": [],
      "search": "enable_force_update_prompt forceupdateprompt platform blocks the app until the adviser installs the minimum supported version.  platform team platform team kill-switch 2025-08-11  [flag-113](https://tracker.example.com/browse/flag-113)",
      "phase": "kill-switch",
      "marks": "4444",
      "cells": ["$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "%%%%%%%%%%%%%%"]
    },
    {
      "key": "ENABLE_MULTI_BOUTIQUE_ACCESS",
      "slug": "enable_multi_boutique_access",
      "group": 6,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_multi_boutique_access multiboutiqueaccess platform lets one adviser work for several boutiques and switch between them. lets one adviser work for several boutiques. clienteling squad clienteling squad permission 2026-01-26  [flag-129](https://tracker.example.com/browse/flag-129) the app's code does not read it unused in code",
      "phase": "permission",
      "marks": "1111",
      "cells": ["#$#$$$#$$$$#$$", "#$#$$$#$$$$#$$", "#$#$$$#$$$$#$$", "#$#$$$#$$$$#$$"]
    },
    {
      "key": "ENABLE_CLIENT_DATA_EXPORT",
      "slug": "enable_client_data_export",
      "group": 6,
      "badges": [],
      "search": "enable_client_data_export clientdataexport platform would let advisers export a client's personal data as a file; not approved by legal, so **off everywhere**. exports a client's personal data as a file. never approved by legal. platform team platform team permission 2025-10-20  [flag-121](https://tracker.example.com/browse/flag-121)",
      "phase": "permission",
      "marks": "0000",
      "cells": ["$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$"]
    },
    {
      "key": "ENABLE_DEBUG_VIEW",
      "slug": "enable_debug_view",
      "group": 7,
      "badges": [
        ["incomplete", "incomplete"]
      ],
      "search": "enable_debug_view debugview diagnostics shows a small overlay with the brand, environment and build, to help testers report bugs. on-screen overlay with tenant, environment, build and user. hugo lefèvre hugo lefèvre ops 2025-06-02   incomplete incomplete",
      "phase": "ops",
      "marks": "4444",
      "cells": ["$$$$$$$$$$$$$$", "%%%%%%%%%%%%%%", "%%%%%%%%%%%%%%", "$$$$$$$$$$$$$$"]
    },
    {
      "key": "ENABLE_DEBUG_MENU",
      "slug": "enable_debug_menu",
      "group": 7,
      "badges": [
        ["condition", "debug builds only"],
        ["incomplete", "incomplete"]
      ],
      "search": "enable_debug_menu debugmenu diagnostics opens the hidden test menu where testers change flags on their own device; exists in test builds only. the hidden debug menu, where testers override flags on their own device. hugo lefèvre hugo lefèvre ops 2025-06-02   debug builds only incomplete incomplete",
      "phase": "ops",
      "marks": "4444",
      "cells": ["%%%%%%%%%%%%%%", "%%%%%%%%%%%%%%", "$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$"]
    },
    {
      "key": "ENABLE_NETWORK_LOGGING",
      "slug": "enable_network_logging",
      "group": 7,
      "badges": [],
      "search": "enable_network_logging networklogging diagnostics records network traffic on test devices to help investigate bugs. request/response logging, and performance traces sent to the monitoring backend. hugo lefèvre hugo lefèvre ops 2025-07-14 2027-06-30 ",
      "phase": "ops",
      "marks": "4444",
      "cells": ["##############", "##############", "##############", "&&&&&&&&&&&&&&"]
    },
    {
      "key": "ENABLE_PERFORMANCE_TRACING",
      "slug": "enable_performance_tracing",
      "group": 7,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_performance_tracing performancetracing diagnostics measures how fast screens load and sends the results to the monitoring service. request/response logging, and performance traces sent to the monitoring backend. hugo lefèvre hugo lefèvre experiment 2026-08-25 2027-01-10 [flag-156](https://tracker.example.com/browse/flag-156) the app's code does not read it unused in code",
      "phase": "experiment",
      "marks": "4445",
      "cells": ["$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "%%%%%%%%%%%%%%", "$$%$$$%$$$$$$$"]
    },
    {
      "key": "ENABLE_CRASH_REPORTING",
      "slug": "enable_crash_reporting",
      "group": 7,
      "badges": [],
      "search": "enable_crash_reporting crashreporting diagnostics emergency switch for crash reports; leave it on unless the reporting service misbehaves. kill switch for crash reporting. platform team platform team kill-switch   ",
      "phase": "kill-switch",
      "marks": "0000",
      "cells": ["##############", "##############", "##############", "##############"]
    },
    {
      "key": "ENABLE_SCREENSHOT_BLOCKING",
      "slug": "enable_screenshot_blocking",
      "group": 7,
      "badges": [
        ["unused-in-code", "the app's code does not read it"]
      ],
      "search": "enable_screenshot_blocking screenshotblocking diagnostics hides client data from screenshots and screen recordings in the live app. hides client data from screenshots and screen recordings. platform team platform team permission 2026-05-11  [flag-142](https://tracker.example.com/browse/flag-142) the app's code does not read it unused in code",
      "phase": "permission",
      "marks": "4445",
      "cells": ["$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "$$$$$$$$$$$$$$", "%%%%%%%%%%%%$%"]
    }
  ]
}
;
