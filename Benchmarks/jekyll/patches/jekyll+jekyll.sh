# jekyll/jekyll's docs/ folder (the jekyllrb.com site). Debian packages no jemoji gem, so the oracle's copy
# builds without it: :emoji: codes stay as text in Jekyll's output (Galley's jemoji is compared the same way
# only where the site has no emoji codes).
sed -i '/^- jemoji$/d' _config.yml
