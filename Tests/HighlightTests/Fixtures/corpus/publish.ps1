<#
.SYNOPSIS
    Builds the blog and publishes it to a static host.
.PARAMETER Environment
    Which target to publish to.
#>
[CmdletBinding(SupportsShouldProcess = $true)]
param(
    [Parameter(Mandatory = $true)]
    [ValidateSet('staging', 'production')]
    [string]$Environment,

    [string]$OutputDir = "$PSScriptRoot\_site",
    [switch]$SkipBuild
)

Set-StrictMode -Version Latest
$ErrorActionPreference = 'Stop'

$config = @{
    staging    = @{ Bucket = 'blog-staging'; MaxAge = 60 }
    production = @{ Bucket = 'blog-prod'; MaxAge = 3600 }
}

function Get-ContentType {
    param([Parameter(Mandatory)][string]$Path)

    switch ([System.IO.Path]::GetExtension($Path).ToLower()) {
        '.html' { return 'text/html; charset=utf-8' }
        '.css'  { return 'text/css' }
        '.js'   { return 'application/javascript' }
        default { return 'application/octet-stream' }
    }
}

function Invoke-Build {
    [CmdletBinding()]
    param([string]$Destination)

    Write-Verbose "Building into $Destination"
    $started = Get-Date
    & galley build --output $Destination 2>&1 | ForEach-Object { Write-Host "  $_" }
    if ($LASTEXITCODE -ne 0) {
        throw "galley exited with code $LASTEXITCODE"
    }
    $elapsed = (Get-Date) - $started
    Write-Host ("Built in {0:N1} s" -f $elapsed.TotalSeconds)
}

if (-not $SkipBuild) {
    Invoke-Build -Destination $OutputDir
}

$target = $config[$Environment]
$files = Get-ChildItem -Path $OutputDir -Recurse -File |
    Where-Object { $_.Name -notlike '*.map' -and $_.Length -gt 0 }

$uploaded = 0
foreach ($file in $files) {
    $key = $file.FullName.Substring($OutputDir.Length + 1) -replace '\\', '/'
    $type = Get-ContentType -Path $file.FullName
    if ($PSCmdlet.ShouldProcess($key, "upload to $($target.Bucket)")) {
        try {
            Write-S3Object -BucketName $target.Bucket -Key $key -File $file.FullName `
                -ContentType $type -Metadata @{ 'Cache-Control' = "max-age=$($target.MaxAge)" }
            $uploaded++
        }
        catch [System.Net.WebException] {
            Write-Warning "Retrying $key after: $($_.Exception.Message)"
            Start-Sleep -Milliseconds 500
        }
    }
}

$summary = [PSCustomObject]@{
    Environment = $Environment
    Files       = $uploaded
    Bytes       = ($files | Measure-Object -Property Length -Sum).Sum
}
$summary | Format-Table -AutoSize
exit 0
