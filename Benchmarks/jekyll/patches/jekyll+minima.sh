# The theme's gemspec brings its plugins; Jekyll without Bundler needs them named.
printf 'plugins: [jekyll-feed, jekyll-seo-tag]\n' >> _config.yml
