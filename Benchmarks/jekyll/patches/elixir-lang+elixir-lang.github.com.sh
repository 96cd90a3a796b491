# Debian packages no jemoji gem: the oracle's copy builds without it (:emoji: codes stay text in Jekyll's output)
sed -i '/^  - jemoji$/d' _config.yml
