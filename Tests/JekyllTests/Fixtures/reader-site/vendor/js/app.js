kept: only vendor/bundle etc. are excluded
