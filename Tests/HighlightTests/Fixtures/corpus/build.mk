# Build and test Galley
SWIFT ?= swift
CONFIG := release
PREFIX = /usr/local

.PHONY: all test install clean

all: build

build:
	$(SWIFT) build -c $(CONFIG)

test: build
	$(SWIFT) test --parallel

install: build
	install -m 755 .build/$(CONFIG)/galley $(PREFIX)/bin/galley

clean:
	rm -rf .build
	@echo "cleaned"
