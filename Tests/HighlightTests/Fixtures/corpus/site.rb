# frozen_string_literal: true

require 'json'
require_relative 'post'

module Galley
  # Builds the site index.
  class Index
    attr_reader :posts

    DEFAULT_LIMIT = 10

    def initialize(root, limit: DEFAULT_LIMIT)
      @root = root
      @limit = limit
      @posts = []
    end

    def scan
      Dir.glob(File.join(@root, '**', '*.md')).each do |path|
        next if File.basename(path).start_with?('_')

        @posts << Post.new(path)
      end
      self
    end

    def to_json(*args)
      @posts.first(@limit).map { |p| { title: p.title, url: "/posts/#{p.slug}/" } }.to_json(*args)
    end

    def drafts?
      @posts.any?(&:draft?)
    end
  end
end

index = Galley::Index.new('content', limit: 5).scan
puts index.to_json unless index.posts.empty?
ratio = 0.5 * 3
puts "ratio: #{ratio}" if ratio > 1
