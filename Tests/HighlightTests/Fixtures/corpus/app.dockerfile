# Build stage
FROM swift:6.0-jammy AS build
WORKDIR /src
COPY Package.swift Package.resolved ./
RUN swift package resolve
COPY . .
RUN swift build -c release --static-swift-stdlib \
    && cp .build/release/galley /usr/local/bin/

# Runtime stage
FROM ubuntu:22.04
ENV GALLEY_ENV=production
EXPOSE 8080
COPY --from=build /usr/local/bin/galley /usr/local/bin/galley
ENTRYPOINT ["galley", "serve", "--port", "8080"]
