# Renders golden cases with Ruby Liquid 5.4.0 (lax mode, render!) and prints Swift tuples of
# (template, expected). Cases come from a file, separated by lines of "=====".
# Usage: ruby oracle.rb cases.txt   (the variables match Fixture.variables in Support.swift)
require 'liquid'
VARS = {
  "x" => 1, "f" => 1.5, "s" => "hello", "e" => "", "n" => nil, "t" => true, "fa" => false,
  "arr" => [1, 2, 3], "words" => %w[a b c], "ea" => [], "h" => { "a" => 1, "b" => "two", "size" => 9 }, "eh" => {},
  "posts" => [{ "title" => "One", "tags" => %w[x y] }, { "title" => "Two", "tags" => [] }, { "title" => "Three", "tags" => ["y"] }],
  "nested" => { "list" => [{ "name" => "n1" }, { "name" => "n2" }], "key" => "a" }, "num_s" => "5", "neg" => -3,
}.freeze
module TestFilters
  def kw(input, *args)
    kw = args.last.is_a?(Hash) ? args.pop : {}
    "#{input}|#{args.join(',')}|#{kw.map { |k, v| "#{k}=#{v}" }.join(',')}"
  end
end
Liquid::Template.register_filter(TestFilters)
def swift(s) = '"' + s.gsub('\\', '\\\\\\\\').gsub('"', '\"').gsub("\n", '\n').gsub("\t", '\t') + '"'
File.read(ARGV[0]).split(/^=====\n/).each do |src|
  src = src.chomp
  out = begin
    Liquid::Template.parse(src, error_mode: :warn).render!(VARS.transform_values { |v| v.dup rescue v }, strict_variables: false)
  rescue StandardError => e
    "ERROR"
  end
  puts "        (#{swift(src)}, #{swift(out)}),"
end
