# Ruby 3.1's Psych refuses YAML symbols (`style: :compressed`); jekyll-coffeescript is not packaged by Debian;
# github-metadata finds the repository from the git remote, which the oracle's copy has not.
sed -i 's/style: :compressed/style: compressed/; /jekyll-coffeescript/d' _config.yml
printf 'repository: github/choosealicense.com\n' >> _config.yml
