extension DetectFeatures {
    /// C#, Ruby, PHP, shells, styles, data, markup and build languages.
    static let other = #"""
csharp
  ^ using System 8
  ^ using 2
  w namespace 2
  s { get; 7
  s set; } 6
  s Console.Write 8
  s public class 2
  w var 1
  s async Task 7
  w string 1.5
  w override 1
  w readonly 2
  s List< 1
  w void 1
  $ ; 0.5
  w internal 2
  w sealed 3
  s IEnumerable< 6
  w foreach 4
  s nameof( 6
  w fun -3
  w func -3
  w def -2
ruby
  ^ #!/usr/bin/env ruby 12
  w def 2
  = end 4
  ^ require ' 4
  ^ require_relative 8
  w puts 4
  s do | 6
  s .each 3
  w attr_accessor 8
  w attr_reader 8
  ^ module 3
  w elsif 6
  w unless 4
  w nil 1.5
  s #{ 5
  s { | 5
  s ||= 4
  w rescue 6
  w begin 1
  s  < Struct 5
  s .new 1
  ^ class 1
  w end 1
  $ ; -1.5
  s { -0.5
  w func -3
  w fun -3
  w var -2
  w let -2
  w const -2
  w self 0.5
php
  s <?php 10
  s $this-> 8
  w function 1
  v  1.5
  s -> 0.5
  s => 0.5
  w echo 2
  s array( 4
  s ::class 3
  w foreach 2
  s ' . ' 3
  w isset 6
  ^ require_once 6
  s ->get 2
  s $d-> 2
  s $_ 3
  w namespace 1
  w public 0.5
  $ ; 0.5
bash
  ^ #!/bin/bash 10
  ^ #!/bin/sh 10
  ^ #!/usr/bin/env bash 10
  ^ #!/usr/bin/env sh 10
  w echo 2
  s if [ 6
  s if [[ 7
  = fi 6
  $ ; then 6
  = then 4
  = done 4
  $ ; do 6
  = esac 8
  w export 2
  s $( 4
  s ${ 1.5
  w sudo 4
  s apt-get 5
  s | grep 4
  s >/dev/null 5
  s 2>&1 5
  w local 1.5
  s mkdir -p 6
  s rm -rf 5
  w fi 4
  s "$ 3
  v  1
  w esac 6
  s ;; 4
  s || exit 5
  s ) ;; 5
  w func -3
  w fun -3
  w def -2
powershell
  s Get- 5
  s Set- 4
  s Write-Host 8
  s $_. 4
  s -eq 4
  s -ne 3
  s [string] 4
  s param( 5
  s ForEach-Object 6
  s $env: 6
  s -Path 4
  s New-Object 6
  s Write-Output 6
  v  1
css
  p  3
  ^ @media 8
  ^ @import 4
  s !important 5
  s :hover 5
  $ { 0.3
  = } 0.3
  s px; 4
  s em; 3
  s rem; 4
  s #fff 2
  s rgba( 4
scss < css
  ^ @include 8
  ^ @mixin 8
  s &: 6
  s &. 5
  V  4
  ^ // 0.5
toml
  ^ [ 1
  s = " 2
  s = true 2
  s = false 2
  s = [ 2
  s [[ 3
  s = { 2
ini
  ^ [ 1.5
  ^ ; 2
makefile
  x  0.7
  ^ .PHONY 10
  s $@ 6
  s $< 6
  s $^ 6
  s $(CC) 6
  s ?= 4
  s $( 1
  ^ include 1
  ^ ifeq 6
  ^ ifdef 3
  ^ endif 2
groovy
  s dependencies { 6
  s implementation ' 8
  s implementation " 6
  ^ apply plugin 8
  s plugins { 5
  w def 1
  ^ task 3
  s android { 5
  w repositories 5
  s testImplementation 8
  s assertScript 6
  s GroovyTestCase 6
  w shouldFail 5
  ^ import groovy. 6
  s @CompileStatic 6
  s @TypeChecked 6
  s .each { 4
  s .collect { 4
  s .findAll { 4
  s .eachWithIndex 6
  ^ println  3
  s as String 3
  $ ; -0.3
scala
  s case class 8
  w implicit 7
  s extends App 8
  ^ import scala 8
  w object 2
  w def 1.5
  w val 1.5
  w trait 2
  s Seq( 3
  s : Unit 5
  s Option[ 6
  s Future[ 5
  s [T] 3
  s => 1
  w lazy 2
  w sealed 1
  s match { 6
  ^ case _ => 6
  s case Some( 5
  s case None => 6
  s override def 5
  s private[ 6
  s <- 2
  w yield 1
  w fun -2
  $ : -1
dart
  s void main() 4
  w final 1.5
  s Widget build 10
  s @override 4
  s import 'package: 10
  w late 3
  s setState( 8
  s StatelessWidget 10
  s StatefulWidget 10
  w required 2
  s Future< 3
  $ ; 1
markdown
  ^ ## 4
  ^ # 0.5
  s ]( 3
  ^ - [ 4
  ^ ``` 8
  ^ > 1
  s ** 2
  ^ 1. 1
protobuf
  ^ syntax = "proto 10
  ^ message 5
  w repeated 6
  ^ service 4
  w rpc 6
  w returns 4
  ^ option 3
  w int32 0.5
  $ ; 1
  s = 1; 2
sql
  w SELECT 3
  w FROM 1.5
  w WHERE 2
  w INSERT 3
  w INTO 2
  w VALUES 2
  w CREATE 3
  w TABLE 2
  w FUNCTION 2
  w RETURNS 3
  w LANGUAGE 2
  w ALTER 3
  w INDEX 2
  w JOIN 3
  w PRIMARY 3
  w VARCHAR 4
  w INTEGER 2
  w NULL 1
  w BEGIN 1
  w COMMENT 1
  w GRANT 3
  w DROP 3
  w EXISTS 2
  w IMMUTABLE 4
  w STRICT 2
  s NOT NULL 3
  ^ -- 3
  $ ; 0.3
html
  <  2.5
  s </ 1.5
  ^ < 1
  s <a href 4
  s <div 3
  s <p> 3
  s </p> 3
  s <br 3
  s <li> 3
  s <td 3
  s <tr 3
  s <span 3
  s class=" 2
  s &nbsp; 4
  s <h1 3
  s <h2 3
  s <code> 3
  s <img 3
  s <table 3
  s <b> 3
  s <i> 2
  s <em> 3
  s <strong> 3
  s href=" 3
  s <!-- 3
xml
  ^ <?xml 10
  ^ < 1
  s </ 1
  s /> 1.5
  s xmlns 5
  s <!-- 1
yaml
  k  2
  $ : | 3
  $ : |- 3
  $ : > 2
  $ : >- 3
  ^ - 0.3
  ^ # 0.3
  $ , -1
  $ { -1
  $ ; -1
graphql
  ^ query 4
  ^ mutation 6
  ^ fragment 6
  s ... on 8
  ^ type 1
  ^ input 2
  w ID 2
"""#
}
