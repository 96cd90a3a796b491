# Debian packages no jemoji gem: the oracle's copy builds without it (:emoji: codes stay text in Jekyll's output)
sed -i '/^  - jemoji$/d' _config.yml
# Debian's Jekyll compiles Sass with libsass, which rejects CSS max(…) mixing units; the site is built with
# Dart Sass (jekyll-sass-converter 3): compile its entry points with Dart Sass here and drop the .scss.
for f in assets/css/*.scss; do
  awk 'NR==1&&/^---/{fm=1;next} fm&&/^---/{fm=0;next} !fm' "$f" > /tmp/oracle-sass-in.scss
  sass --no-source-map --style=compressed --load-path=_sass /tmp/oracle-sass-in.scss "${f%.scss}.css" && rm "$f"
done
