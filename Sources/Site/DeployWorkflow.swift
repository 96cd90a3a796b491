import Foundation

/// The GitHub Actions workflow `galley init` writes, so a new site is one push away from GitHub Pages:
/// it compiles Galley from source (as the README installs it), builds and checks the site, and deploys
/// pushes to the default branch. Kept as plain text so the file a writer opens reads like one a person wrote.
public enum DeployWorkflow {
    /// Where the workflow goes, relative to the site folder (a hidden folder: builds never read or copy it).
    public static let path = ".github/workflows/deploy.yml"

    /// Where the workflow fetches Galley's source unless `galley init --galley-repository` names another.
    public static let defaultRepository = "https://github.com/galley-ssg/galley.git"

    /// The tag of this Galley (`v0.1.0`): a site is built in CI by the version that created it.
    public static let defaultVersion = "v" + SiteBuilder.generator.split(separator: " ").last.map(String.init)!

    /// Which Galley the workflow builds: a git URL and a tag, branch or commit of it.
    public struct Source: Sendable, Hashable {
        public var repository: String
        public var version: String
        public init(repository: String = DeployWorkflow.defaultRepository, version: String = DeployWorkflow.defaultVersion) {
            self.repository = repository
            self.version = version
        }
    }

    /// The workflow's YAML. Both values land in the top-level `env:` (quoted), where a reader looks to change them.
    public static func text(_ source: Source = Source()) -> String {
        """
        # Builds this site with Galley on every push and pull request, checks the output, and publishes
        # it on GitHub Pages from pushes to the default branch only.
        # Once per repository: Settings → Pages → Build and deployment → Source: "GitHub Actions".
        name: Deploy

        on:
          push:
          pull_request:

        env:
          # Where Galley's source comes from, and which tag, branch or commit of it builds this site.
          # Galley is compiled once per commit of it (then cached), so pin a tag or a commit.
          GALLEY_REPOSITORY: \(Scaffold.yamlQuoted(source.repository))
          GALLEY_VERSION: \(Scaffold.yamlQuoted(source.version))

        permissions:
          contents: read
          pages: write
          id-token: write

        # A newer push to a pull request cancels its older run; runs on a branch otherwise queue.
        concurrency:
          group: ${{ github.workflow }}-${{ github.ref }}
          cancel-in-progress: ${{ github.event_name == 'pull_request' }}

        jobs:
          build:
            runs-on: ubuntu-latest
            # Swift's own image: the same compiler every run. Galley links cmark, libxml2 and Graphviz (found through pkg-config).
            container: swift:6.3
            steps:
              - name: Install cmark, libxml2 and Graphviz
                run: |
                  apt-get update -qq
                  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcmark-dev libxml2-dev libgraphviz-dev pkg-config zstd

              - name: Check out the site
                uses: actions/checkout@v5
                with:
                  path: site

              - name: Fetch Galley
                id: galley
                run: |
                  git init -q galley
                  git -C galley fetch -q --depth 1 "$GALLEY_REPOSITORY" "$GALLEY_VERSION"
                  git -C galley checkout -q FETCH_HEAD
                  echo "commit=$(git -C galley rev-parse HEAD)" >> "$GITHUB_OUTPUT"
                  echo "swift=$(swift --version 2>&1 | sha256sum | cut -c1-16)" >> "$GITHUB_OUTPUT"

              # A fresh checkout has new file times, so SwiftPM would recompile everything: on a hit, skip the build.
              - name: Cache Galley's build
                id: cache
                uses: actions/cache@v5
                with:
                  path: galley/.build
                  key: galley-${{ runner.os }}-${{ steps.galley.outputs.swift }}-${{ steps.galley.outputs.commit }}

              - name: Build Galley
                if: steps.cache.outputs.cache-hit != 'true'
                working-directory: galley
                run: swift build -c release --product galley

              # Project sites live under /REPO/: the build takes the URL Pages will serve the site at.
              - name: Configure Pages
                id: pages
                uses: actions/configure-pages@v6

              - name: Build the site
                working-directory: site
                env:
                  BASE_URL: ${{ steps.pages.outputs.base_url }}
                run: ../galley/.build/release/galley build --base-url "$BASE_URL"

              # Annotations land on the Markdown lines that wrote a broken link.
              - name: Check the site
                working-directory: site
                run: ../galley/.build/release/galley check --strict --format github

              - name: Upload the site
                if: github.event_name == 'push' && github.ref == format('refs/heads/{0}', github.event.repository.default_branch)
                uses: actions/upload-pages-artifact@v4
                with:
                  path: site/public

          deploy:
            needs: build
            if: github.event_name == 'push' && github.ref == format('refs/heads/{0}', github.event.repository.default_branch)
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            # One deployment at a time, never cancelled halfway.
            concurrency:
              group: pages
              cancel-in-progress: false
            steps:
              - name: Deploy to GitHub Pages
                id: deployment
                uses: actions/deploy-pages@v5

        """
    }
}
