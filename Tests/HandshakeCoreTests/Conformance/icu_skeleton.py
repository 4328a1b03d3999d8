"""The skeleton of each text by ICU's spoof checker (uspoof_getSkeleton, through PyICU: code we did not
write), to hold Skeleton.of to UTS #39 §4. ICU also says which Unicode version its data is.

Input: {"texts": ["...", ...]}
Output: {"icuVersion": "72.1", "unicodeVersion": "15.0", "skeletons": ["...", ...]}
"""
from _support import emit, read_input, require

icu = require("icu", "pyicu")

request = read_input()
checker = icu.SpoofChecker()
emit({
    "icuVersion": icu.ICU_VERSION,
    "unicodeVersion": icu.UNICODE_VERSION,
    "skeletons": [checker.getSkeleton(0, text) for text in request["texts"]],
})
