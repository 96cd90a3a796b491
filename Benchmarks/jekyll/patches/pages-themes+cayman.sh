# The repository is the theme itself: its config names the theme gem (not installed) and the gemspec brings jekyll-seo-tag.
sed -i '/^theme:/d' _config.yml; printf 'plugins: [jekyll-seo-tag]\n' >> _config.yml
